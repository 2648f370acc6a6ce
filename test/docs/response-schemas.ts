/**
 * Writes libs/contracts/src/api/response-schemas.generated.ts: the JSON Schema of every endpoint's success
 * body, converted from the TypeScript types the front ends read (EndpointResponses in
 * libs/contracts/src/api/endpoint-responses.ts), so the OpenAPI documents and the schemathesis run
 * (test/system/api-fuzz.spec.ts) check responses against the same shapes the code compiles against.
 * `response-schemas.spec.ts` fails when the file is stale; `npm run docs:responses` rewrites it.
 *
 * Non-generic interfaces become named components (#/components/schemas/Name), which also covers recursive
 * shapes; everything else is inlined. Objects stay open (extra properties allowed): a field the types do
 * not name is not a contract break, a missing or mistyped one is.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

type JsonSchema = Record<string, unknown>;

const REPO_ROOT = path.resolve(__dirname, '../..');
const SOURCE = path.join(REPO_ROOT, 'libs/contracts/src/api/endpoint-responses.ts');
export const GENERATED = path.join(REPO_ROOT, 'libs/contracts/src/api/response-schemas.generated.ts');

export function generateResponseSchemas(): {
  responses: Record<string, JsonSchema>;
  components: Record<string, JsonSchema>;
} {
  const program = ts.createProgram([SOURCE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SOURCE);
  if (!source) throw new Error(`cannot read ${SOURCE}`);
  const table = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'EndpointResponses',
  );
  if (!table) throw new Error('EndpointResponses not found');

  const components: Record<string, JsonSchema> = {};
  const converting = new Set<string>();

  const isNull = (type: ts.Type) => (type.flags & ts.TypeFlags.Null) !== 0;
  const isUndefined = (type: ts.Type) => (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;

  /** A non-generic interface declared in our sources: named, so it is written once and may recurse. */
  function componentName(type: ts.Type): string | undefined {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || type.aliasSymbol) return undefined;
    if (!(symbol.flags & ts.SymbolFlags.Interface)) return undefined;
    const declaration = symbol.declarations?.[0];
    if (!declaration || !ts.isInterfaceDeclaration(declaration) || declaration.typeParameters)
      return undefined;
    if (declaration.getSourceFile().fileName.includes('node_modules')) return undefined;
    return symbol.name;
  }

  function convert(type: ts.Type): JsonSchema {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.StringLiteral)
      return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral)
      return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral)
      return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    // No body (a 204): the document's success response has no content (build-openapi.ts).
    if (flags & ts.TypeFlags.Void) return {};
    if (type.isUnion()) return convertUnion(type.types.filter((member) => !isUndefined(member)));
    if (checker.isArrayType(type))
      return { type: 'array', items: convert(checker.getTypeArguments(type as ts.TypeReference)[0]) };
    if (checker.isTupleType(type))
      return {
        type: 'array',
        prefixItems: checker.getTypeArguments(type as ts.TypeReference).map(convert),
      };
    if (flags & ts.TypeFlags.Object || type.isIntersection()) {
      const name = componentName(type);
      if (name) {
        if (!components[name] && !converting.has(name)) {
          converting.add(name);
          components[name] = convertObject(type);
          converting.delete(name);
        }
        return { $ref: `#/components/schemas/${name}` };
      }
      return convertObject(type);
    }
    throw new Error(`response-schemas: cannot describe ${checker.typeToString(type)}`);
  }

  function convertUnion(members: ts.Type[]): JsonSchema {
    if (members.length === 1) return convert(members[0]);
    // `boolean` is true | false; a union of literals of one kind is an enum.
    const literals = members.filter(
      (member) => member.isLiteral() || member.flags & ts.TypeFlags.BooleanLiteral,
    );
    const nullable = members.some(isNull);
    if (literals.length + (nullable ? 1 : 0) === members.length) {
      const values = literals.map((member) =>
        member.isLiteral() ? member.value : checker.typeToString(member) === 'true',
      );
      const kinds = [...new Set(values.map((value) => typeof value))];
      if (kinds.length === 1 && kinds[0] === 'boolean' && values.length === 2)
        return { type: nullable ? ['boolean', 'null'] : 'boolean' };
      const types = kinds.map((kind) => (kind === 'bigint' ? 'number' : kind)) as string[];
      return {
        type: nullable ? [...types, 'null'] : types.length === 1 ? types[0] : types,
        enum: nullable ? [...values, null] : values,
      };
    }
    const schemas = members.map(convert);
    // string | null and the like: one `type` list.
    if (schemas.every((schema) => Object.keys(schema).length === 1 && typeof schema.type === 'string'))
      return { type: [...new Set(schemas.map((schema) => schema.type as string))] };
    return { anyOf: schemas };
  }

  function convertObject(type: ts.Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      if (property.name === '__binary') return { type: 'string', format: 'binary' };
      const propertyType = checker.getTypeOfSymbol(property);
      const optional =
        (property.flags & ts.SymbolFlags.Optional) !== 0 ||
        (propertyType.isUnion() && propertyType.types.some(isUndefined));
      // A method (toJSON …) is not data.
      if (propertyType.getCallSignatures().length > 0) continue;
      properties[property.name] = convert(propertyType);
      if (!optional) required.push(property.name);
    }
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) schema.additionalProperties = convert(index.type);
    return schema;
  }

  const tableType = checker.getTypeAtLocation(table);
  const responses: Record<string, JsonSchema> = {};
  for (const property of checker.getPropertiesOfType(tableType))
    responses[property.name] = convert(checker.getTypeOfSymbol(property));
  return {
    responses,
    components: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export async function renderResponseSchemas(): Promise<string> {
  const { responses, components } = generateResponseSchemas();
  const text = [
    '// Generated by test/docs/response-schemas.ts from EndpointResponses (endpoint-responses.ts); do not edit',
    '// by hand: `npm run docs:responses` rewrites it, and test/docs/response-schemas.spec.ts fails when stale.',
    "import type { EndpointName } from './endpoints';",
    '',
    "/** JSON Schema of each endpoint's success body; `$ref`s point into RESPONSE_COMPONENTS. */",
    `export const RESPONSE_SCHEMAS: Readonly<Record<EndpointName, Record<string, unknown>>> = ${JSON.stringify(responses, null, 2)};`,
    '',
    '/** The named shapes the response schemas refer to (#/components/schemas/<name>). */',
    `export const RESPONSE_COMPONENTS: Readonly<Record<string, Record<string, unknown>>> = ${JSON.stringify(components, null, 2)};`,
    '',
  ].join('\n');
  // Loaded here, not at the top: prettier's module crashes under jest, and only the writer needs it.
  const prettier = (await import('prettier')).default;
  const options = await prettier.resolveConfig(GENERATED);
  return prettier.format(text, { ...options, filepath: GENERATED });
}

if (require.main === module)
  void renderResponseSchemas().then((text) => {
    writeFileSync(GENERATED, text);
    console.log(`wrote ${path.relative(REPO_ROOT, GENERATED)}`);
  });
