/**
 * Starts the server: `tsx src/server/main.ts` (npm run serve; npm start builds the client first).
 * Environment: PORT (default 8080), HOST (default 0.0.0.0), DATABASE_URL (PostgreSQL; when
 * unset, SQLite at DATABASE_FILE, default data/aimtrainer.sqlite), DIST_DIR (default dist),
 * COOKIE_SECRET (optional), LOG_LEVEL (default info), HOST_ORIGINS (origins that may embed the
 * game in an iframe: comma-separated, or `*`; default none). Closes cleanly on SIGINT/SIGTERM.
 */
import { buildApp } from './app';

/** Builds the app from the environment and listens; exits with code 1 if it cannot start. */
export function main(): void {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  buildApp({
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseFile: process.env.DATABASE_FILE || 'data/aimtrainer.sqlite',
    distDir: process.env.DIST_DIR || 'dist',
    hostOrigins: process.env.HOST_ORIGINS,
    logger: true,
  })
    .then(async (app) => {
      const stop = () => {
        app.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await app.listen({ port, host });
    })
    .catch((err: unknown) => {
      console.error('The server could not start:', err);
      process.exit(1);
    });
}

main();
