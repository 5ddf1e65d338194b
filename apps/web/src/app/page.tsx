import Link from 'next/link';
import { getSessionActor } from '@/server/auth/get-session-actor';

const features = [
  {
    title: 'Suites in YAML',
    body: 'One assertion per document or a whole suite per file: tool calls, resources, prompts and trajectories, checked with contains, json_path, output_schema, max_ms, snapshots and more. mcp-assert suites run unchanged.',
  },
  {
    title: 'On demand, on a schedule, from CI',
    body: 'Trigger a run from the dashboard, a cron schedule, the REST API, or mcptest ci in your pipeline, and get a verdict with regressions against the suite’s baseline.',
  },
  {
    title: 'Safe by default',
    body: 'Every tool is classified before it is called. Read-only tools run freely, mutating tools at most once per run, destructive tools only when your team’s policy allows, all within a per-team call budget.',
  },
  {
    title: 'Results where you need them',
    body: 'JUnit XML for CI, Markdown and JSON reports, status badges for your README, and signed webhooks (Standard Webhooks) when a run passes, fails or regresses.',
  },
];

const example = `name: weather server
assertions:
  - name: forecast answers for a city
    assert:
      tool: get_forecast
      args: { city: Lisbon }
      expect:
        not_error: true
        contains: ["Lisbon"]
        max_ms: 1500
timeout: 30s`;

export default async function HomePage() {
  const user = await getSessionActor();
  return (
    <main className="page" id="main">
      <header className="hero">
        <p className="brand">mcptest</p>
        <h1>Hosted testing for MCP servers</h1>
        <p className="lead">
          Register the URL of your remote Model Context Protocol server, describe what it should do in YAML, and let
          mcptest call it for real: on every deploy, every night, or whenever you ask.
        </p>
        <p className="hero-actions">
          {user ? (
            <Link href="/orgs" className="btn btn-primary">
              Open your dashboard
            </Link>
          ) : (
            <Link href="/signin?callbackUrl=/orgs" className="btn btn-primary">
              Sign in to get started
            </Link>
          )}
        </p>
      </header>

      <section className="features" aria-label="Features">
        {features.map((feature) => (
          <article key={feature.title} className="feature">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </article>
        ))}
      </section>

      <section className="example" aria-label="Example suite">
        <div>
          <h2>Same suites, locally</h2>
          <p>
            The <code>mcptest</code> CLI runs the very same suites on your machine with no services at all, against a
            URL or a stdio server, and writes the same JUnit, Markdown and badge outputs.
          </p>
          <pre className="command">
            <code>npx mcptest run suites/ --url https://mcp.example.com/mcp --junit report.xml</code>
          </pre>
        </div>
        <pre className="yaml" aria-label="suites/weather.yaml">
          <code>{example}</code>
        </pre>
      </section>

      <footer className="footer">
        <p>
          API: <code>/api/v1</code> · Health: <a href="/api/health">/api/health</a>
        </p>
      </footer>
    </main>
  );
}
