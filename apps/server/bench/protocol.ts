/** Messages between the benchmark (parent) and the server it runs in a child process. */

/** One canned response of the bare `node:http` server. */
export interface CannedResponse {
  contentType: string;
  /** The exact body bytes, base64-encoded (IPC messages are JSON). */
  body: string;
}

export interface StorefrontRequest {
  kind: 'storefront';
  dataDir: string;
  catalogueDir: string;
  /** Products to generate and import first; 0 serves DATA_DIR as it is, importing nothing. */
  products: number;
  seed: number;
  /** The response cache's size (AppConfig.responseCacheMegabytes); 0 turns it off. */
  responseCacheMegabytes: number;
}

export type StartRequest = StorefrontRequest | { kind: 'bare'; routes: Record<string, CannedResponse> };

export type ParentMessage = { type: 'start'; request: StartRequest } | { type: 'close' };

export type ChildMessage =
  { type: 'progress'; text: string } | { type: 'ready'; port: number } | { type: 'failed'; message: string };
