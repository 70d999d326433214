/**
 * What a refused import file reads. The reader picked a file on the phone and needs to know which of
 * its profiles is wrong and how, in words (第 3 条命例的出生时间最多 64 个字), not as a JSON pointer —
 * and never with the entry's name or birth, which would reach the request's log line.
 */
import { MINGLI_FILE_FORMAT, MINGLI_FILE_VERSION, MINGLI_LIMITS } from '@xuanli/contracts/mingli-labels';
import type { FastifySchemaValidationError } from 'fastify';
import { userRefusal } from '../../shared/errors.ts';

/** What the reader calls each field of an entry. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  name: '姓名',
  sex: '性别',
  born: '出生时间',
  options: '排盘选项',
  group: '分组',
  note: '备注',
  events: '事件',
  createdAt: '保存时间',
  updatedAt: '修改时间',
  date: '日期',
  text: '内容',
};

/** What is wrong with a field, after its name. */
function reasonOf(error: FastifySchemaValidationError): string {
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return '不能缺少';
    case 'minLength':
      return '不能为空';
    case 'maxLength':
      return `最多 ${limit} 个字`;
    case 'maxItems':
      return `最多 ${limit} 个`;
    case 'type':
      return '类型不对';
    case 'const':
    case 'enum':
    case 'anyOf':
      return '不是可选的值';
    default:
      return '格式不对';
  }
}

/** The field an entry's error is about, in words: 出生时间, 第 2 个事件的日期, 排盘选项. */
function fieldWords(steps: string[], error: FastifySchemaValidationError): string {
  const missing = error.keyword === 'required' ? String(error.params.missingProperty ?? '') : '';
  const path = missing ? [...steps, missing] : steps;
  const [field, index, inner] = path;
  if (field === 'events' && index !== undefined && /^\d+$/.test(index)) {
    const of = inner ? `的${FIELD_WORDS[inner] ?? '内容'}` : '';
    return `第 ${Number(index) + 1} 个事件${of}`;
  }
  return FIELD_WORDS[field ?? ''] ?? '内容';
}

/** The sentence for a refusal of the file as a whole (not of one entry). */
function fileSentence(error: FastifySchemaValidationError, path: string): string {
  if (path === '/format' || (error.keyword === 'required' && error.params.missingProperty === 'format')) {
    return `这不是玄历导出的命例文件（format 应为 ${MINGLI_FILE_FORMAT}）`;
  }
  if (path === '/version') return `命例文件的版本不支持，请用版本 ${MINGLI_FILE_VERSION} 的文件`;
  if (path === '/profiles' && error.keyword === 'maxItems') {
    return `一个文件最多 ${MINGLI_LIMITS.profiles} 条命例`;
  }
  return '这不是玄历导出的命例文件，或文件已损坏';
}

/** The import route's schemaErrorFormatter: the entry and field named, or what is wrong with the file. */
export function fileRefusal(errors: FastifySchemaValidationError[], _dataVar: string): Error {
  const error = errors[0];
  if (!error) return userRefusal('这不是玄历导出的命例文件，或文件已损坏');
  const steps = error.instancePath.split('/').filter(Boolean);
  if (steps[0] === 'profiles' && steps[1] !== undefined && /^\d+$/.test(steps[1])) {
    const field = fieldWords(steps.slice(2), error);
    return userRefusal(`第 ${Number(steps[1]) + 1} 条命例：${field}${reasonOf(error)}`);
  }
  return userRefusal(fileSentence(error, error.instancePath));
}
