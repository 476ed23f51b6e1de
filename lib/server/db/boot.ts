import { consoleDatabase } from './shared';

/** The server's start: the database opens now, or the server stops with the reason (naming the variable to fix). */
export async function openDatabaseAtBoot(): Promise<void> {
  try {
    await consoleDatabase();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
