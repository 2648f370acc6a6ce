import type { Container, RenderedOverlay } from './manifests';

/** What the kubelet fills in from the pod itself (fieldRef). */
export interface PodFields {
  name: string;
  namespace: string;
  ip: string;
}

/**
 * A container's environment as the kubelet builds it: the image's ENV, then `envFrom` in order (ConfigMaps
 * and Secrets, with their prefix), then `env` in order, each `value` expanding `$(NAME)` of the variables
 * defined before it (`$$` escapes). A reference to a missing ConfigMap or Secret key that is not optional
 * stops the pod from starting (CreateContainerConfigError), and so it throws here; a `$(NAME)` left
 * unexpanded is kept as Kubernetes keeps it, and `unexpandedReferences` reports it.
 */
export function containerEnv(
  container: Container,
  overlay: Pick<RenderedOverlay, 'configMaps' | 'secrets'>,
  imageEnv: Record<string, string>,
  pod: PodFields,
): Record<string, string> {
  const env: Record<string, string> = { ...imageEnv, HOSTNAME: pod.name };
  const source = (kind: 'ConfigMap' | 'Secret', name: string, optional?: boolean) => {
    const found = (kind === 'ConfigMap' ? overlay.configMaps : overlay.secrets).get(name);
    if (!found && !optional) throw new Error(`${container.name}: ${kind} ${name} not found`);
    return found;
  };
  for (const from of container.envFrom ?? []) {
    const values = from.configMapRef
      ? source('ConfigMap', from.configMapRef.name, from.configMapRef.optional)
      : from.secretRef
        ? source('Secret', from.secretRef.name, from.secretRef.optional)
        : undefined;
    for (const [key, value] of Object.entries(values ?? {})) env[`${from.prefix ?? ''}${key}`] = value;
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = expand(variable.value, env);
      continue;
    }
    const ref = variable.valueFrom;
    const keyRef = ref?.secretKeyRef ?? ref?.configMapKeyRef;
    if (keyRef) {
      const kind = ref?.secretKeyRef ? 'Secret' : 'ConfigMap';
      const values = source(kind, keyRef.name, keyRef.optional);
      const value = values?.[keyRef.key];
      if (value === undefined && !keyRef.optional)
        throw new Error(
          `${container.name}: ${variable.name} needs key ${keyRef.key} of ${kind} ${keyRef.name}`,
        );
      if (value !== undefined) env[variable.name] = value;
    } else if (ref?.fieldRef) {
      env[variable.name] = fieldValue(ref.fieldRef.fieldPath, pod);
    }
  }
  return env;
}

function fieldValue(fieldPath: string, pod: PodFields): string {
  switch (fieldPath) {
    case 'metadata.name':
      return pod.name;
    case 'metadata.namespace':
      return pod.namespace;
    case 'status.podIP':
      return pod.ip;
    default:
      throw new Error(`fieldRef ${fieldPath} is not modelled by the fleet harness`);
  }
}

/** Kubernetes' $(NAME) expansion: defined names are replaced, `$$` becomes `$`, the rest stays as written. */
export function expand(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\((\w+)\)/g, (match, name?: string) =>
    match === '$$' ? '$' : name !== undefined && name in env ? env[name] : match,
  );
}

/** The `$(NAME)` references a container's env left unexpanded: each one is a variable the manifests forgot. */
export function unexpandedReferences(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([name, value]) =>
    [...value.matchAll(/\$\((\w+)\)/g)].map((match) => `${name} → $(${match[1]})`),
  );
}
