import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
// Types only: playwright-core itself (81 MB of RSS once loaded) is imported when a first PDF is asked.
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Server-made PDFs (the quote's pre-invoice, issue 25): self-contained HTML printed by the system's
 * headless Chromium through playwright-core. Chromium shapes Persian (joined letters, right to left,
 * ZWNJ) with HarfBuzz and writes a text layer that `pdftotext` reads back in order, which pdfmake
 * (no right to left) and @react-pdf (broken Arabic letters) do not (docs/server.md, "Documents: PDF").
 *
 * One browser is kept for the process: launched on the first document (so that an app that never
 * prints pays nothing at start), relaunched if it died, closed with the app. Each document gets a
 * page of its own, with scripts off and every network request refused: the HTML carries
 * user-written text and must never make the server fetch anything. At most `concurrency` pages print
 * at once and the rest wait their turn, so that a burst of downloads neither starts a page per request
 * (memory) nor holds the event loop (the work is in Chromium's processes; Node only waits on a pipe).
 */

/** Why a document could not be made; the caller turns it into an answer the back office explains. */
export type PdfErrorCode =
  /** No Chromium at CHROME_PATH (or /usr/bin/chromium), or it would not start: PDFs are printed by the browser instead. */
  | 'pdf_unavailable'
  /** The document took longer than the renderer's time-out. */
  | 'pdf_timeout';

export class PdfError extends Error {
  readonly code: PdfErrorCode;
  constructor(code: PdfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfError';
    this.code = code;
  }
}

export interface PdfMargins {
  top: string;
  right: string;
  bottom: string;
  left: string;
}

export interface RenderPdfOptions {
  /** CSS lengths; by default 15 mm all round (room for a printer's unprintable edge). */
  margin?: Partial<PdfMargins>;
  landscape?: boolean;
}

export interface PdfRendererOptions {
  /** The Chromium to run: CHROME_PATH, else Debian's /usr/bin/chromium (Playwright never downloads one). */
  executablePath?: string;
  /** Pages printing at once; the rest queue. Two keeps a small server's cores for its API. */
  concurrency?: number;
  /** Milliseconds one document may take once it has its turn (the queue's wait is not counted). */
  timeoutMs?: number;
}

const DEFAULT_MARGIN: PdfMargins = { top: '15mm', right: '15mm', bottom: '15mm', left: '15mm' };

/**
 * Flags for a browser that only prints: no sandbox (the service runs as an unprivileged user without
 * user namespaces in containers), no GPU, none of Chromium's own background traffic (component
 * updates, safe-browsing lists, metrics). And no network at all: the routes below refuse every
 * request, but Chromium opens a connection for a frame or an <object> before the request reaches
 * them (measured: a TCP connection, no request, to the address of an <iframe>), so every connection
 * goes to a proxy whose name never resolves, loopback included.
 */
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--proxy-server=http://blackhole.invalid:1',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/**
 * Vazirmatn's static Regular and Bold (the vazirmatn package, 51 KB each), not the storefront's
 * variable subset (apps/web/src/assets/fonts): its characters would do (Persian and Latin letters,
 * both digit sets, ZWNJ, punctuation, ﷼), but Chromium writes a variable font into a PDF as Type 3
 * glyph drawings (66 KB for one page, rough in some viewers), and static fonts as embedded, subset
 * TrueType (19 KB).
 */
const require = createRequire(import.meta.url);
const FONT_FILES = [
  [400, require.resolve('vazirmatn/fonts/webfonts/Vazirmatn-Regular.woff2')],
  [700, require.resolve('vazirmatn/fonts/webfonts/Vazirmatn-Bold.woff2')],
] as const;
let fontCss: string | undefined;

/**
 * The `@font-face` rules that documents put in their `<style>`: Vazirmatn 400 and 700 inlined as
 * data: URLs, since the page may fetch nothing. Read once; about 136 KB of base64.
 */
export function vazirmatnFontFace(): string {
  fontCss ??= FONT_FILES.map(
    ([weight, file]) =>
      `@font-face{font-family:Vazirmatn;font-style:normal;font-weight:${weight};font-display:block;` +
      `src:url(data:font/woff2;base64,${fs.readFileSync(file).toString('base64')}) format("woff2")}`,
  ).join('\n');
  return fontCss;
}

export class PdfRenderer {
  readonly executablePath: string;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private browser: Promise<{ browser: Browser; context: BrowserContext }> | undefined;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(options: PdfRendererOptions = {}) {
    this.executablePath = options.executablePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Documents printing now and documents waiting for their turn (for health pages and tests). */
  get load(): { printing: number; waiting: number } {
    return { printing: this.active, waiting: this.waiting.length };
  }

  /** Whether a Chromium is installed where the renderer looks (the back office says how to add one if not). */
  available(): boolean {
    try {
      fs.accessSync(this.executablePath, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Prints self-contained HTML (fonts and images as data: URLs) to an A4 PDF. */
  async render(html: string, options: RenderPdfOptions = {}): Promise<Buffer> {
    if (this.closed) throw new PdfError('pdf_unavailable', 'The PDF renderer is closed.');
    if (!this.available())
      throw new PdfError(
        'pdf_unavailable',
        `No Chromium at ${this.executablePath}: install it (apt-get install chromium) or set CHROME_PATH.`,
      );
    await this.turn();
    try {
      const context = await this.launched();
      const page = await context.newPage();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new PdfError('pdf_timeout', `The PDF took longer than ${this.timeoutMs} ms.`)),
          this.timeoutMs,
        );
      });
      try {
        return await Promise.race([this.print(page, html, options), timeout]);
      } finally {
        clearTimeout(timer);
        // Closing the page also ends a print the time-out gave up on.
        await page.close().catch(() => {});
      }
    } finally {
      this.release();
    }
  }

  /** Closes the browser (with the app); documents asked for afterwards fail as unavailable. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.browser.close();
  }

  private async print(page: Page, html: string, options: RenderPdfOptions): Promise<Buffer> {
    await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
    // Fonts load when text first uses them; printing before they have would set the text in a
    // fallback font (or none). The evaluation runs in Playwright's own world, so it works with the
    // page's scripts off.
    await page.evaluate('document.fonts.ready.then(() => true)');
    return page.pdf({
      format: 'A4',
      printBackground: true,
      landscape: options.landscape ?? false,
      margin: { ...DEFAULT_MARGIN, ...options.margin },
    });
  }

  /**
   * The running browser's one context, launched on first use and again after the browser died (a
   * crash, an OOM kill). Documents share it: with scripts off and nothing fetched a page leaves no
   * state behind, and a context per document cost 0.3–0.8 s more each (a renderer process of its own).
   */
  private launched(): Promise<BrowserContext> {
    if (!this.browser) {
      const launching = import('playwright-core')
        .then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, args: LAUNCH_ARGS }))
        .then(async (browser) => {
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
          });
          const context = await browser.newContext({ javaScriptEnabled: false });
          // Everything a page asks for is refused: images, fonts, styles and frames from any address
          // (data: URLs never reach the network and are not routed). Nothing in a document is fetched.
          await context.route('**/*', (route) => route.abort('blockedbyclient'));
          return { browser, context };
        });
      this.browser = launching;
      // A failed launch is not kept: the next document tries again (Chromium installed meanwhile).
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser.then(
      ({ context }) => context,
      (error: unknown) => {
        throw new PdfError('pdf_unavailable', `Chromium at ${this.executablePath} did not start.`, {
          cause: error,
        });
      },
    );
  }

  private async turn(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active += 1;
      return;
    }
    // The slot is handed over by release(), which does not decrement `active` when someone waits.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-made PDFs (modules/documents/pdf.ts): nothing runs until the first document. */
    documents: PdfRenderer;
  }
}

/** Decorates `app.documents` and closes its browser with the app; launches nothing now. */
export function registerDocuments(app: FastifyInstance, options: PdfRendererOptions = {}): PdfRenderer {
  const renderer = new PdfRenderer(options);
  app.decorate('documents', renderer);
  app.addHook('onClose', async () => renderer.close());
  return renderer;
}
