/**
 * Test helper: requests whose body the test writes out itself — malformed or oversized JSON, JSON
 * with odd keys, another content type — sent byte for byte instead of serialised from an object.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './build.ts';

/** `POST url` with `body` as it is, labelled `contentType`. */
export function postRaw(
  t: Pick<TestApp, 'app'>,
  url: string,
  body: string,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
}
