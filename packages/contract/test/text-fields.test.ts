import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ProjectCreateRequest,
  type RouteDefinition,
  RegisterRequest,
  SetNewPasswordForm,
  messages,
  multilineText,
  optionalText,
  passwordText,
  requiredText,
  routes,
} from '../src/index.js';

function messagesOn(schema: z.ZodType, body: object, field: string): string[] {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

/**
 * The top-level fields of a request schema that take text: a plain string is not a type error, nor
 * a choice of a list (enums) or a date, whose formats refuse every control character anyway.
 */
function textFields(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).filter((field) => {
    const issues = schema.safeParse({ [field]: 'Plain text' }).error?.issues ?? [];
    return !issues.some(
      (issue) =>
        issue.path[0] === field &&
        (issue.code === 'invalid_type' ||
          issue.code === 'invalid_value' ||
          (issue.code === 'invalid_format' && issue.format === 'date')),
    );
  });
}

const requestSchemas: [string, z.ZodObject][] = [
  ...Object.values<RouteDefinition>(routes).flatMap(({ method, path, body }): [string, z.ZodObject][] =>
    body instanceof z.ZodObject ? [[`${method} ${path}`, body]] : [],
  ),
  ['SetNewPasswordForm', SetNewPasswordForm],
];

describe('control characters', () => {
  it('every text field of every request body refuses them', () => {
    const checked: string[] = [];
    for (const [name, schema] of requestSchemas) {
      for (const field of textFields(schema)) {
        for (const control of ['\u0000', '\u001f', '\u007f', '\u0085']) {
          expect(messagesOn(schema, { [field]: `Plain${control}text` }, field), `${name} ${field}`).toContain(
            messages.controlCharacters,
          );
        }
        checked.push(`${name} ${field}`);
      }
    }
    // The walk really reached the text fields (a broken textFields would check nothing).
    expect(checked).toEqual(
      expect.arrayContaining(['POST /api/token/ username', 'POST /api/token/ password']),
    );
    expect(checked.length).toBeGreaterThan(30);
  });

  it('multi-line text keeps tabs and line breaks; single lines are trimmed of them', () => {
    expect(multilineText(100).parse('a\tb\r\nc\n')).toBe('a\tb\r\nc');
    expect(messagesOn(ProjectCreateRequest, { description: 'a\u0000b' }, 'description')).toEqual([
      messages.controlCharacters,
    ]);
    expect(requiredText().parse('\tName\n')).toBe('Name');
    expect(requiredText().safeParse('Na\tme').success).toBe(false);
  });

  it('passwords refuse them too', () => {
    expect(passwordText().safeParse('Barnacle\u0000Scraper').error?.issues[0]?.message).toBe(
      messages.controlCharacters,
    );
  });
});

describe('text-direction controls', () => {
  const spoof = 'Hull \u202Efdp.exe';

  it('names refuse every Bidi_Control character', () => {
    const controls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
    for (const control of [...controls, '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(requiredText().safeParse(`a${control}b`).error?.issues[0]?.message).toBe(
        messages.directionControls,
      );
      expect(optionalText().safeParse(`a${control}b`).success).toBe(false);
    }
    const registration = { first_name: spoof, last_name: spoof, username: spoof };
    expect(messagesOn(RegisterRequest, registration, 'first_name')).toEqual([messages.directionControls]);
    expect(messagesOn(RegisterRequest, registration, 'last_name')).toEqual([messages.directionControls]);
    expect(messagesOn(RegisterRequest, registration, 'username')).toContain(messages.directionControls);
    expect(messagesOn(ProjectCreateRequest, { name: spoof }, 'name')).toEqual([messages.directionControls]);
  });

  it('right-to-left and accented names need none and pass', () => {
    expect(requiredText().parse('מספנה حيفا Ærøskøbing')).toBe('מספנה حيفا Ærøskøbing');
  });

  it('descriptions and passwords may hold them: neither names anyone', () => {
    expect(multilineText(100).safeParse(spoof).success).toBe(true);
    expect(passwordText().safeParse(`Barnacle${'\u202E'}Scraper`).success).toBe(true);
  });
});
