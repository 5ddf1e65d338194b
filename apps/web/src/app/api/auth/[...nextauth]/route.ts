// Auth.js's endpoints: /api/auth/signin, callback/*, session, csrf, providers, signout.
import type { NextRequest } from 'next/server';
import { handlers } from '@/auth';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(request: NextRequest): Promise<Response> {
  return handlers.GET(request);
}

export function POST(request: NextRequest): Promise<Response> {
  return handlers.POST(request);
}
