import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, uploadedSchema } from '@storefront/contracts/admin';
import { errorDetailSchema } from '@storefront/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import { requestError } from '../../lib/errors.ts';
import { storeMediaFile } from '../catalogue/media.ts';
import { CATALOGUE_ROLES, OWNER_ONLY, staffOf } from './access.ts';
import { recordAudit } from './audit.ts';

/**
 * Image uploads of the back office (`POST /admin/api/media`, one file in the multipart field
 * `file`): the bytes decide the type, not the name or the announced type. JPEG, PNG, WebP and AVIF
 * must decode (sharp); SVG is rewritten through an allow-list of SVG elements and attributes (no
 * script, no event handlers, no outside references). The file is stored as an import stores it
 * (content hash name, responsive variants: catalogue/media.ts) and its reference returned.
 */

const RASTER: Record<string, string> = { jpeg: '.jpg', png: '.png', webp: '.webp', heif: '.avif' };

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'title',
  'desc',
  'symbol',
  'use',
  'pattern',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'transform',
  'id',
  'class',
  'style',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternTransform',
  'clip-path',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'preserveAspectRatio',
  'href',
  'xlink:href',
  'filter',
  'stdDeviation',
  'dx',
  'dy',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'operator',
  'direction',
  'dir',
];

/** An SVG without anything that can run or fetch; undefined when it is not an SVG document. */
export function sanitizeSvg(text: string): string | undefined {
  if (!/<svg[\s>]/i.test(text)) return undefined;
  const clean = sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    // Only references inside the document (`#id`); no URL scheme is allowed in href.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    exclusiveFilter: (frame) =>
      (frame.tag === 'use' &&
        !String(frame.attribs.href ?? frame.attribs['xlink:href'] ?? '').startsWith('#')) ||
      /url\(\s*['"]?(?!#)/i.test(frame.attribs.style ?? ''),
  }).trim();
  return clean.startsWith('<svg') ? clean : undefined;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaDir = app.config.mediaDir;
  const roles = [...new Set([...CATALOGUE_ROLES, ...OWNER_ONLY])];

  app.post(
    '/media',
    {
      config: { roles },
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        response: {
          201: uploadedSchema,
          400: errorDetailSchema,
          401: errorDetailSchema,
          403: errorDetailSchema,
          413: errorDetailSchema,
          415: errorDetailSchema,
        },
      },
    },
    async (request, reply) => {
      const session = staffOf(request);
      if (!request.isMultipart()) {
        throw requestError(
          415,
          'unsupported_media_type',
          'Send the image as multipart/form-data in the field "file".',
        );
      }
      let data: Buffer | undefined;
      try {
        const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES } });
        if (!file || file.fieldname !== 'file') {
          throw requestError(400, 'bad_request', 'Send the image in the field "file".');
        }
        data = await file.toBuffer();
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw requestError(
            413,
            'file_too_large',
            `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
          );
        }
        throw error;
      }
      const notAllowed = () =>
        requestError(415, 'file_type_not_allowed', 'Upload a JPEG, PNG, WebP, AVIF or SVG image.');
      let bytes: Buffer = data;
      let extension: string | undefined;
      const head = data.subarray(0, 512).toString('utf8');
      if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
        const clean = sanitizeSvg(data.toString('utf8'));
        if (!clean) throw notAllowed();
        bytes = Buffer.from(clean);
        extension = '.svg';
      } else {
        const format = await sharp(data, { limitInputPixels: 100_000_000 })
          .metadata()
          .then(
            (m) => m.format as string | undefined,
            () => undefined,
          );
        extension = format ? RASTER[format] : undefined;
        if (!extension) throw notAllowed();
        // The whole image must decode, not only its header.
        const decodes = await sharp(data, { limitInputPixels: 100_000_000 })
          .stats()
          .then(
            () => true,
            () => false,
          );
        if (!decodes) throw notAllowed();
      }
      const temp = path.join(os.tmpdir(), `upload-${crypto.randomUUID()}${extension}`);
      try {
        await fs.promises.writeFile(temp, bytes);
        const ref = await storeMediaFile(temp, mediaDir);
        await recordAudit(app.database.db, session.staff, {
          action: 'upload',
          entity: 'media',
          entityId: ref,
          summary: { bytes: bytes.length },
        });
        return reply.status(201).send({ ref, url: `/media/${ref}` });
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
  );
};
