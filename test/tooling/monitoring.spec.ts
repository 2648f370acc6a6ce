import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { required } from '../support/infra-env';
import { REPO_ROOT } from '../support/processes';
import { SERVICE_NAMES } from '@pulse/contracts';

/**
 * The monitoring component (k8s/components/monitoring) as the production overlay renders it, checked
 * without a cluster: the PodMonitor reaches every process's metrics port, the alerts pass `promtool check
 * rules` and their own unit tests (alerts.test.yaml), each alert has a runbook in docs/operations.md, the
 * dashboard's queries parse, and alerts and dashboard query only the metric names docs/observability.md
 * lists (whose names the telemetry spec checks on a real /metrics endpoint).
 */

interface K8sObject {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
  data?: Record<string, string>;
}
interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleGroup {
  name: string;
  rules: Rule[];
}
interface Panel {
  id: number;
  title: string;
  datasource: { uid: string };
  targets: Array<{ expr: string; refId: string }>;
}

const MONITORING = path.join(REPO_ROOT, 'k8s/components/monitoring');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The production overlay's objects, rendered by kustomize through k8s/check (as k8s/validate.js does). */
function renderProduction(): K8sObject[] {
  const { runK8sCheck } = require(path.join(REPO_ROOT, 'k8s/validate/k8s-check-tool.js')) as {
    runK8sCheck: (args: string[]) => string;
  };
  const rendered = runK8sCheck(['render', 'k8s/overlays/production']);
  return parseAllDocuments(rendered).map((document) => document.toJS() as K8sObject);
}

/** The metric names docs/observability.md's table gives in its Prometheus column (`{a,b}` expanded). */
function documentedMetricNames(): Set<string> {
  const names = new Set<string>(['up']);
  for (const cell of read('docs/observability.md').matchAll(/^\| `[^`]+`[^|]*\| `([^`]+)`/gm)) {
    const brace = /^(.*)\{([^}]+)\}$/.exec(cell[1]);
    if (brace) for (const suffix of brace[2].split(',')) names.add(`${brace[1]}${suffix}`);
    else names.add(cell[1]);
  }
  return names;
}

/** Metric names a query reads: identifiers followed by a selector, a range or nothing, minus PromQL's words. */
function metricNamesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const withoutLabelSets = withoutStrings.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g,
    '',
  );
  const words = withoutLabelSets.replace(/\{[^}]*\}/g, ' ').match(/\b[a-z_][a-z0-9_]*\b(?!\s*\()/g) ?? [];
  const promqlWords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'le']);
  return words.filter((word) => !promqlWords.has(word) && !/^\d/.test(word));
}

/** A dashboard query with Grafana's variables given the values Grafana would, so Prometheus can read it. */
const asPrometheusQuery = (expr: string) =>
  expr.replaceAll('$__rate_interval', '5m').replaceAll('$service', '.+');

function promtool(args: string[], cwd: string): string {
  const result = spawnSync(required('PROMTOOL_BIN'), args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`promtool ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('monitoring: PodMonitor, alerts and dashboard of the production overlay', () => {
  let objects: K8sObject[];
  let groups: RuleGroup[];
  let panels: Panel[];
  let workDir: string;

  beforeAll(() => {
    objects = renderProduction();
    const rule = objects.find((o) => o.kind === 'PrometheusRule');
    if (!rule) throw new Error('the production overlay renders no PrometheusRule');
    groups = rule.spec.groups as RuleGroup[];
    const dashboard = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard === '1',
    );
    if (!dashboard?.data) throw new Error('the production overlay renders no dashboard ConfigMap');
    panels = (JSON.parse(dashboard.data['pulse-dashboard.json']) as { panels: Panel[] }).panels;
    workDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-monitoring-'));
  });

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  const alerts = () => groups.flatMap((group) => group.rules).filter((rule) => rule.alert);

  it("scrapes every process's named metrics port", () => {
    const monitor = objects.find((o) => o.kind === 'PodMonitor');
    const selector = (monitor?.spec.selector as { matchLabels: Record<string, string> }).matchLabels;
    const endpoints = monitor?.spec.podMetricsEndpoints as Array<{ port: string; path: string }>;
    expect(endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    // The gateway and every service.
    expect(deployments).toHaveLength(SERVICE_NAMES.length + 1);
    for (const deployment of deployments) {
      const template = deployment.spec.template as {
        metadata: { labels: Record<string, string> };
        spec: { containers: Array<{ ports: Array<{ name: string; containerPort: number }> }> };
      };
      const selected = Object.entries(selector).every(
        ([key, value]) => template.metadata.labels[key] === value,
      );
      const ports = template.spec.containers[0].ports.map((port) => port.name);
      expect({ deployment: deployment.metadata.name, selected, ports }).toEqual({
        deployment: deployment.metadata.name,
        selected: true,
        ports: expect.arrayContaining(['metrics']),
      });
    }
  });

  it('passes promtool check rules and the alerts pass their unit tests', () => {
    writeFileSync(path.join(workDir, 'rules.yaml'), stringify({ groups }));
    writeFileSync(
      path.join(workDir, 'alerts.test.yaml'),
      readFileSync(path.join(MONITORING, 'alerts.test.yaml')),
    );
    expect(promtool(['check', 'rules', 'rules.yaml'], workDir)).toContain(
      `SUCCESS: ${alerts().length} rules found`,
    );
    expect(promtool(['test', 'rules', 'alerts.test.yaml'], workDir)).toContain('SUCCESS');
  });

  it('tests every alert firing, and gives each a severity, a summary and a runbook that exists', () => {
    const tests = (
      parseAllDocuments(readFileSync(path.join(MONITORING, 'alerts.test.yaml'), 'utf8'))[0].toJS() as {
        tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
      }
    ).tests.flatMap((test) => test.alert_rule_test);
    const runbookAnchors = new Set(
      [...read('docs/operations.md').matchAll(/^#+ (.+)$/gm)].map((heading) =>
        heading[1]
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const alert of alerts()) {
      const name = alert.alert!;
      expect({ name, severity: alert.labels?.severity }).toEqual({
        name,
        severity: expect.stringMatching(/^(page|ticket)$/),
      });
      expect({ name, summary: alert.annotations?.summary }).toEqual({ name, summary: expect.any(String) });
      expect({ name, runbook: alert.annotations?.runbook_url }).toEqual({
        name,
        runbook: `docs/operations.md#${name.toLowerCase()}`,
      });
      expect({ name, runbookExists: runbookAnchors.has(name.toLowerCase()) }).toEqual({
        name,
        runbookExists: true,
      });
      const fires = tests.some((test) => test.alertname === name && test.exp_alerts.length > 0);
      expect({ name, testedFiring: fires }).toEqual({ name, testedFiring: true });
    }
  });

  it("parses every dashboard query with promtool, each panel on the dashboard's data source variable", () => {
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
    // Each query as a recording rule: promtool parses it as Prometheus would.
    const rules = panels.flatMap((panel) =>
      panel.targets.map((target) => ({
        record: `dashboard:panel_${panel.id}_${target.refId}`,
        expr: asPrometheusQuery(target.expr),
      })),
    );
    for (const panel of panels)
      expect({ panel: panel.title, uid: panel.datasource.uid }).toEqual({
        panel: panel.title,
        uid: '${datasource}',
      });
    writeFileSync(
      path.join(workDir, 'dashboard-queries.yaml'),
      stringify({ groups: [{ name: 'dashboard', rules }] }),
    );
    expect(promtool(['check', 'rules', 'dashboard-queries.yaml'], workDir)).toContain(
      `SUCCESS: ${rules.length} rules found`,
    );
  });

  it('queries only metric names docs/observability.md lists', () => {
    const documented = documentedMetricNames();
    const queries = [
      ...alerts().map((rule) => rule.expr),
      ...panels.flatMap((panel) => panel.targets.map((t) => asPrometheusQuery(t.expr))),
    ];
    const used = new Set(queries.flatMap(metricNamesIn));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('the same check finds a name the docs do not list', () => {
    expect(metricNamesIn('sum by (service) (rate(pulse_made_up_total{a="b"}[5m])) / on() up')).toEqual([
      'pulse_made_up_total',
      'up',
    ]);
    expect(documentedMetricNames().has('pulse_made_up_total')).toBe(false);
  });
});
