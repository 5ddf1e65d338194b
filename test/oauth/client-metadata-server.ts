// An https server on loopback that serves one OAuth Client ID Metadata Document, as mcptest will serve its own under
// APP_URL (issue 18). The client id is the document's URL, and oidc-provider accepts only https ones, so the server
// has a throwaway self-signed certificate (made with the openssl command) that the test AS is told to trust.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  /** PEM; also the CA to trust, as the certificate is self-signed. */
  readonly cert: string;
  readonly key: string;
}

/** A P-256 certificate for localhost and 127.0.0.1, valid for a day. */
export function testCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcptest-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ClientMetadataServer {
  /** https://localhost:<port>/oauth/client-metadata.json: the client_id, and where the document is. */
  readonly clientId: string;
  /** How many times the document was fetched. */
  fetches(): number;
  stop(): Promise<void>;
}

/** Serves `document(clientId)` as JSON at the client id URL; anything else is 404. */
export async function startClientMetadataServer(
  certificate: TestCertificate,
  document: (clientId: string) => Record<string, unknown>,
): Promise<ClientMetadataServer> {
  let fetches = 0;
  let clientId = '';
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    if (req.method === 'GET' && new URL(req.url ?? '/', clientId).href === clientId) {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      res.end(JSON.stringify(document(clientId)));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the client metadata server has no port');
  clientId = `https://localhost:${address.port}/oauth/client-metadata.json`;
  return {
    clientId,
    fetches: () => fetches,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
