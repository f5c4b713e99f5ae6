import { Code, type Envelope } from '@cloudbox/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, EN, envelopeOf, type TestApp } from './helpers.js';

/**
 * GET of an API path as one of the signed-in users (their tokens by name), in English unless the
 * headers say otherwise. The app is asked for at each call: suites start it in `beforeAll`.
 */
export function signedInGet(app: () => TestApp, tokens: Record<string, string>, defaultUser = 'demo_manager') {
  return (url: string, user = defaultUser, headers: Record<string, string> = EN) =>
    app().app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { ...bearer(tokens[user]!), ...headers } });
}

/** The data of an answer that must be 200 (the body shows in the failure when it is not). */
export function dataOf<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return envelopeOf<T>(response).data;
}

/** An answer refused with this status and this message for the caller (`label` names the case in a failure). */
export function expectRejected(response: LightMyRequestResponse, status: number, message: string, label?: string): void {
  expect(response.statusCode, label).toBe(status);
  expect(envelopeOf(response)).toMatchObject({ code: Code.REJECTED, message });
}

/** A refused input's answer names at least these fields, each with its message in the caller's language. */
export function expectFieldErrors(answer: Envelope<unknown>, expected: { field: string; message: string }[]): void {
  expect((answer.data as { errors?: unknown } | null)?.errors).toEqual(expect.arrayContaining(expected));
}
