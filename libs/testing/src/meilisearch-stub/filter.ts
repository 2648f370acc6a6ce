import { ApiError } from './errors';
import { lexFilter } from './filter-lexer';

type Predicate = (doc: Record<string, unknown>) => boolean;

/** Parses Meilisearch filter syntax (comparisons, IN, TO, AND, OR, NOT, parentheses), strictly. */
export function compileFilter(filter: unknown, filterable: string[]): Predicate {
  if (filter === undefined || filter === null) return () => true;
  if (Array.isArray(filter)) {
    return allOf(filter.map((f) => compileFilter(f, filterable)));
  }
  if (typeof filter !== 'string')
    throw new ApiError(400, 'invalid_search_filter', 'Filter must be a string or an array.');
  const tokens = lexFilter(filter);
  let at = 0;
  const fail = (why: string): never => {
    throw new ApiError(400, 'invalid_search_filter', `${why} in filter \`${filter}\``);
  };
  const peek = () => tokens[at];
  const keyword = (word: string) => peek()?.kind === 'word' && peek()!.text.toUpperCase() === word;
  const take = () => tokens[at++] ?? fail('Unexpected end');
  const value = () => {
    const token = take();
    if (token.kind !== 'word' && token.kind !== 'string') fail(`Expected a value, found \`${token.text}\``);
    return token.text;
  };
  /** One or more `operand`s joined by `word`. */
  const joined = (word: 'AND' | 'OR', operand: () => Predicate): Predicate[] => {
    const parts = [operand()];
    while (keyword(word)) {
      at += 1;
      parts.push(operand());
    }
    return parts;
  };
  const orExpr = (): Predicate => anyOf(joined('OR', andExpr));
  const andExpr = (): Predicate => allOf(joined('AND', notExpr));
  const notExpr = (): Predicate => {
    if (!keyword('NOT')) return primary();
    at += 1;
    const inner = notExpr();
    return (doc) => !inner(doc);
  };
  const primary = (): Predicate => {
    if (peek()?.text === '(' && peek()?.kind === 'punct') {
      at += 1;
      const inner = orExpr();
      if (take().text !== ')') fail('Expected `)`');
      return inner;
    }
    const attribute = take();
    if (attribute.kind !== 'word') fail(`Expected an attribute, found \`${attribute.text}\``);
    if (!filterable.includes(attribute.text)) {
      throw new ApiError(
        400,
        'invalid_search_filter',
        `Attribute \`${attribute.text}\` is not filterable. Available filterable attribute patterns are: \`${filterable.join(', ')}\`.`,
      );
    }
    const field = attribute.text;
    if (keyword('IN')) {
      at += 1;
      if (take().text !== '[') fail('Expected `[` after IN');
      const values: string[] = [];
      while (peek()?.text !== ']') {
        values.push(value());
        if (peek()?.text === ',') at += 1;
        else if (peek()?.text !== ']') fail('Expected `,` or `]`');
      }
      at += 1;
      return (doc) => valuesOf(doc[field]).some((v) => values.some((x) => equal(v, x)));
    }
    const operator = take();
    if (operator.kind === 'op') {
      const operand = value();
      return (doc) => valuesOf(doc[field]).some((v) => compare(v, operator.text, operand));
    }
    at -= 1;
    const from = value();
    if (!keyword('TO')) fail(`Expected an operator after \`${field}\``);
    at += 1;
    const to = value();
    return (doc) => valuesOf(doc[field]).some((v) => compare(v, '>=', from) && compare(v, '<=', to));
  };
  const predicate = orExpr();
  if (at !== tokens.length) fail(`Unexpected \`${tokens[at].text}\``);
  return predicate;
}

function allOf(parts: Predicate[]): Predicate {
  return (doc) => parts.every((p) => p(doc));
}

function anyOf(parts: Predicate[]): Predicate {
  return (doc) => parts.some((p) => p(doc));
}

function valuesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function equal(value: unknown, literal: string): boolean {
  if (typeof value === 'number' && literal.trim() !== '' && !Number.isNaN(Number(literal)))
    return value === Number(literal);
  return String(value).toLowerCase() === literal.toLowerCase();
}

function compare(value: unknown, operator: string, literal: string): boolean {
  if (operator === '=') return equal(value, literal);
  if (operator === '!=') return !equal(value, literal);
  const number = Number(literal);
  if (typeof value !== 'number' || Number.isNaN(number)) return false;
  return operator === '>'
    ? value > number
    : operator === '>='
      ? value >= number
      : operator === '<'
        ? value < number
        : value <= number;
}
