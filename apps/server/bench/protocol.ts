/** Messages between the benchmark (parent) and the server it runs in a child process. */

/** One canned response of the bare `node:http` server. */
export interface CannedResponse {
  contentType: string;
  /** The exact body bytes, base64-encoded (IPC messages are JSON). */
  body: string;
}

export type StartRequest =
  | { kind: 'storefront'; dataDir: string; catalogueDir: string; products: number; seed: number }
  | { kind: 'bare'; routes: Record<string, CannedResponse> };

export type ParentMessage = { type: 'start'; request: StartRequest } | { type: 'close' };

export type ChildMessage =
  { type: 'progress'; text: string } | { type: 'ready'; port: number } | { type: 'failed'; message: string };
