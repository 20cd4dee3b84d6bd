import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';

/** GET /healthz: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.database.db);
      return { status: 'ok', database: app.database.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply
        .status(503)
        .send({ status: 'error', detail: 'The database is unavailable.', code: 'service_unavailable' });
    }
  });
};
