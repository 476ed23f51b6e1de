/**
 * Test support: the structure of the HCL the console writes (blocks, attributes, nested objects
 * and lists of objects), read line by line from `terraform fmt` layout, and checked against a
 * provider's documented schema (./provider-schemas.json).
 */
import schemas from './provider-schemas.json';

export interface HclNode {
  attributes: Map<string, HclNode | HclNode[] | string>;
  blocks: Array<{ type: string; labels: string[]; body: HclNode }>;
}

const newNode = (): HclNode => ({ attributes: new Map(), blocks: [] });

export function parseHclShape(text: string): HclNode {
  const root = newNode();
  const stack: Array<{ node: HclNode; list?: HclNode[] }> = [{ node: root }];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const top = stack.at(-1)!;
    if (line === '}' || line === '},' || line === ']') {
      stack.pop();
      continue;
    }
    if (top.list) {
      if (line === '{') {
        const item = newNode();
        top.list.push(item);
        stack.push({ node: item });
      }
      continue;
    }
    const block = /^([a-z_]+)((?: "[^"]*")*) \{$/.exec(line);
    if (block) {
      const body = newNode();
      top.node.blocks.push({ type: block[1]!, labels: [...block[2]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!), body });
      stack.push({ node: body });
      continue;
    }
    const attribute = /^("[^"]*"|[A-Za-z_][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (!attribute) throw new Error(`unexpected HCL line: ${line}`);
    const [, key, value] = attribute as unknown as [string, string, string];
    if (value === '{') {
      const nested = newNode();
      top.node.attributes.set(key, nested);
      stack.push({ node: nested });
    } else if (value === '[') {
      const list: HclNode[] = [];
      top.node.attributes.set(key, list);
      stack.push({ node: top.node, list });
    } else top.node.attributes.set(key, value);
  }
  return root;
}

interface AttributeSchema {
  required?: boolean;
  dynamic?: boolean;
  nested?: Record<string, AttributeSchema>;
}
interface ResourceSchema {
  attributes: Record<string, AttributeSchema>;
  blocks: Record<string, { attributes: Record<string, AttributeSchema> }>;
}

function checkAttributes(
  node: HclNode,
  schema: Record<string, AttributeSchema>,
  path: string,
  problems: string[],
): void {
  for (const [name, value] of node.attributes) {
    const rule = schema[name];
    if (!rule) {
      problems.push(`${path}${name} is not an attribute of the provider`);
      continue;
    }
    if (rule.dynamic || !rule.nested) continue;
    const items = Array.isArray(value) ? value : typeof value === 'string' ? [] : [value];
    items.forEach((item, i) =>
      checkAttributes(item, rule.nested!, `${path}${name}${Array.isArray(value) ? `[${i}]` : ''}.`, problems),
    );
  }
  for (const [name, rule] of Object.entries(schema))
    if (rule.required && !node.attributes.has(name)) problems.push(`${path}${name} is required`);
}

/** Every problem of each `resource` block of `text` against the provider schema of its type. */
export function schemaProblems(text: string): string[] {
  const problems: string[] = [];
  const all = schemas as unknown as Record<string, ResourceSchema>;
  for (const block of parseHclShape(text).blocks) {
    if (block.type !== 'resource') continue;
    const [type] = block.labels;
    const schema = all[type!];
    if (!schema) {
      problems.push(`unknown resource type ${type}`);
      continue;
    }
    checkAttributes(block.body, schema.attributes, '', problems);
    for (const nested of block.body.blocks) {
      const blockSchema = schema.blocks[nested.type];
      if (!blockSchema) problems.push(`${nested.type} is not a block of ${type}`);
      else checkAttributes(nested.body, blockSchema.attributes, `${nested.type}.`, problems);
    }
  }
  return problems;
}
