/**
 * The baseline of `bench/proxy`: a bare Next route answering static JSON, with no session, no
 * upstream call. It exists only while the benchmark runs the server with SLUICE_BENCH=1.
 */
const body = JSON.stringify({ status: 200, requestId: '00000000-0000-4000-8000-000000000000', result: [] });

// The BFF's JSON 404, written out so that this route stays free of the BFF's modules.
const notFound = () =>
  Response.json(
    { status: 404, error: 'No such API route', code: 'NOT_FOUND', requestId: '00000000-0000-4000-8000-000000000000' },
    { status: 404 },
  );

export function GET(): Response {
  if (process.env.SLUICE_BENCH !== '1') return notFound();
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
