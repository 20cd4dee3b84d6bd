/**
 * `XMLHttpRequest` as the uploads use it (lib/api.ts' sendFile), stubbed: each file sent reports its
 * progress whole, then is answered `status` with `body(n)` (n counts the files sent, from 1).
 */
export function fakeUpload(status: number, body: (n: number) => unknown) {
  let sent = 0;
  return class FakeUpload {
    status = 0;
    responseText = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      sent += 1;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = status;
      this.responseText = JSON.stringify(body(sent));
      queueMicrotask(() => this.onload?.());
    }
  };
}

/** The server's answer to an image upload: its reference and its URL. */
export const uploaded = (ref: string) => ({ ref, url: `/media/${ref}` });
