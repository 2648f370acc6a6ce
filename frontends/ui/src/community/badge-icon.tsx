import type { ComponentType } from 'react';
import {
  AwardIcon,
  ChatIcon,
  CheckCircleIcon,
  FlameIcon,
  GraduationIcon,
  type IconProps,
  QuestionIcon,
  SearchIcon,
  WrenchIcon,
} from '../icons';

/**
 * The drawing of each badge of the community's catalogue, by badge id (services/community badge-rules.ts).
 * The API's `icon` is an emoji, kept for other clients; drawn here, it would be an empty box where the
 * reader's system has no emoji font. A badge added later gets the generic award until it gets its own.
 */
const BADGE_ICONS: Readonly<Record<string, ComponentType<IconProps>>> = {
  'first-question': QuestionIcon,
  'first-answer': ChatIcon,
  'accepted-answer': CheckCircleIcon,
  'problem-solver': WrenchIcon,
  curious: SearchIcon,
  helper: FlameIcon,
  expert: GraduationIcon,
};

export function BadgeIcon({ id }: { id: string }) {
  const Icon = BADGE_ICONS[id] ?? AwardIcon;
  return <Icon className="community-badge__icon" />;
}
