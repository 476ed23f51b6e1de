/**
 * The emulator's query engine, in a child process of its own: libchdb binds one data directory per
 * process, and a test process starts several emulators. Plain JavaScript so it starts without a
 * TypeScript loader. Messages are answered one at a time, in order, so a `USE` before a query holds.
 *
 * argv[2] is the data directory, created by the parent, which kills this process at close and
 * removes it; a `close` message or a parent gone without closing ends it cleanly here.
 */
import { rmSync } from 'node:fs';

const dir = process.argv[2];
let admin;
let readonly;
let drainPending;
let closed = false;

const ready = (async () => {
  const chdb = await import('chdb');
  const { Session } = chdb;
  drainPending = chdb.drainPending;
  admin = new Session(dir);
  // A second connection on the same directory, for the endpoint role `sql_console_read_only`:
  // ClickHouse's own readonly mode refuses every write (Code: 164, READONLY) and cannot be lifted.
  readonly = new Session(dir);
  await readonly.queryAsync('SET readonly = 1');
})();

const send = (message) => {
  if (process.connected) process.send(message);
};

ready.then(
  () => send({ type: 'ready' }),
  (error) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);

const quote = (name) => '`' + String(name).replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';

async function run({ id, sql, format, database, readonly: readOnly }) {
  const session = readOnly ? readonly : admin;
  try {
    if (database !== undefined) await session.queryAsync(`USE ${quote(database)}`);
    const result = await session.queryAsync(sql, { format: format ?? 'TabSeparated' });
    send({ id, ok: true, text: result.text() });
  } catch (error) {
    send({
      id,
      ok: false,
      code: Number(error?.clickhouseCode ?? 0),
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

async function close() {
  if (closed) return;
  closed = true;
  try {
    readonly?.close();
    admin?.close();
    await drainPending?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let chain = ready.catch(() => undefined);
process.on('message', (message) => {
  if (message?.type === 'close') {
    chain = chain.finally(async () => {
      await close();
      process.exit(0);
    });
    return;
  }
  chain = chain.then(() =>
    admin ? run(message) : send({ id: message.id, ok: false, code: 0, message: 'the query engine did not start' }),
  );
});
// Stopped by a signal (a test run interrupted): leave nothing behind. A SIGKILL leaves the folder,
// which the next engine to start removes (engine.ts).
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
// The emulator went away without closing: leave nothing behind.
process.on('disconnect', () => {
  chain.finally(async () => {
    await close();
    process.exit(0);
  });
});
