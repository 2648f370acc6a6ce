export { AssistantButton } from './AssistantButton';
export { AssistantHelpWidget } from './AssistantHelpWidget';
export { AssistantPanel, type AssistantPanelProps } from './AssistantPanel';
export { citationParts, type AssistantContext } from './assistant-client';
export { ASSISTANT_COPY } from './copy';
