/**
 * The Chinese `msg` of a request the schemas refused: which part of the request, which field and what
 * is wrong with it, e.g. `查询参数 page 不能大于 100000`. Ajv's own sentences are English and name
 * JSON pointers; the console shows a Chinese `msg` as it is, and the app's logs and tests read the
 * field from it. No value the client sent is repeated (a refused phone number must not reach a log
 * line), only the names the schema gave, and a property name the schema does not know is cut short.
 */

/** One Ajv error, as Fastify attaches them to a validation failure (`error.validation`). */
export interface SchemaError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const PARTS: Record<string, string> = {
  body: '请求内容',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

const TYPES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文字',
  boolean: 'true 或 false',
  object: '对象',
  array: '列表',
  null: 'null',
};

/** A property name the client chose: printable characters only, at most 32 of them. */
function clientName(name: unknown): string {
  const text = String(name ?? '').replace(/[^\p{L}\p{N}_.-]/gu, '');
  return text.length > 32 ? `${text.slice(0, 32)}…` : text;
}

/** `/items/0/qty` → `items.0.qty` (JSON pointer escapes undone). */
function fieldOf(instancePath: string | undefined): string {
  return (instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function typeNames(type: unknown): string {
  return String(type ?? '')
    .split(',')
    .map((name) => TYPES[name] ?? name)
    .join('或');
}

/** What is wrong with the field, after its name; undefined for a keyword without its own sentence. */
function reasonOf(error: SchemaError): string | undefined {
  const params = error.params ?? {};
  const limit = params.limit;
  switch (error.keyword) {
    case 'type':
      return `应为${typeNames(params.type)}`;
    case 'finite':
      return '不是有效的数字（太大或不是有限数）';
    case 'minimum':
      return `不能小于 ${limit}`;
    case 'maximum':
      return `不能大于 ${limit}`;
    case 'exclusiveMinimum':
      return `应大于 ${limit}`;
    case 'exclusiveMaximum':
      return `应小于 ${limit}`;
    case 'multipleOf':
      return `应为 ${params.multipleOf} 的倍数`;
    case 'minLength':
      return `至少 ${limit} 个字符`;
    case 'maxLength':
      return `最多 ${limit} 个字符`;
    case 'minItems':
      return `至少 ${limit} 项`;
    case 'maxItems':
      return `最多 ${limit} 项`;
    case 'uniqueItems':
      return '有重复的项';
    case 'minProperties':
      return `至少 ${limit} 个字段`;
    case 'maxProperties':
      return `最多 ${limit} 个字段`;
    case 'pattern':
    case 'format':
      return '格式不对';
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return '不是允许的取值';
    default:
      return undefined;
  }
}

/**
 * The field a validation failure is about, as a dotted path (`nickname`, `items.0.qty`): for a
 * missing property the property itself. Undefined when the whole part is refused.
 */
export function fieldOfSchemaErrors(errors: readonly SchemaError[]): string | undefined {
  const error = errors[0];
  if (!error) return undefined;
  const field = fieldOf(error.instancePath);
  const missing = error.keyword === 'required' ? String(error.params?.missingProperty ?? '') : '';
  return [field, missing].filter(Boolean).join('.') || undefined;
}

/** The Chinese sentence for a validation failure of request part `context` (Fastify's `validationContext`). */
export function validationMessage(errors: readonly SchemaError[], context: string | undefined): string {
  const part = PARTS[context ?? ''] ?? '请求';
  const error = errors[0];
  if (!error) return `${part}格式不对`;
  const field = fieldOf(error.instancePath);
  const at = field ? `${part} ${field}` : part;
  const params = error.params ?? {};
  if (error.keyword === 'required') {
    const missing = [field, String(params.missingProperty ?? '')].filter(Boolean).join('.');
    return `${part}缺少 ${missing}`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${at}有不认识的字段 ${clientName(params.additionalProperty)}`;
  }
  if (error.keyword === 'propertyNames') return `${at}有不认识的字段名`;
  const reason = reasonOf(error) ?? '格式不对';
  return field ? `${at} ${reason}` : `${part}${reason}`;
}
