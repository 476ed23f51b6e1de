/** A tiny method + `:param` path router; one `add` call per route keeps registration to one line. */
export interface RouteMatch<H> {
  handler: H;
  params: Record<string, string>;
  pattern: string;
}

interface Route<H> {
  method: string;
  pattern: string;
  segments: string[];
  handler: H;
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method: method.toUpperCase(), pattern, segments: split(pattern), handler });
    return this;
  }

  get(pattern: string, handler: H): this {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: H): this {
    return this.add('POST', pattern, handler);
  }
  put(pattern: string, handler: H): this {
    return this.add('PUT', pattern, handler);
  }
  patch(pattern: string, handler: H): this {
    return this.add('PATCH', pattern, handler);
  }
  delete(pattern: string, handler: H): this {
    return this.add('DELETE', pattern, handler);
  }

  match(method: string, path: string): RouteMatch<H> | undefined {
    const parts = split(path);
    let decoded: string[];
    try {
      decoded = parts.map((p) => decodeURIComponent(p));
    } catch {
      return undefined;
    }
    const wanted = method.toUpperCase();
    for (const route of this.routes) {
      if (route.method !== wanted || route.segments.length !== decoded.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < route.segments.length && ok; i++) {
        const segment = route.segments[i]!;
        const value = decoded[i]!;
        if (segment.startsWith(':')) {
          if (value === '') ok = false;
          else params[segment.slice(1)] = value;
        } else if (segment !== value) ok = false;
      }
      if (ok) return { handler: route.handler, params, pattern: route.pattern };
    }
    return undefined;
  }
}

function split(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.split('/').slice(1);
}
