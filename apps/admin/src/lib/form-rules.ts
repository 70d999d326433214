/**
 * The console's forms check a field with a function that says what is wrong with its value (the
 * same function its tests call); this turns one into the rule antd shows beside the field.
 */

/**
 * The rule of a form field that `problemOf` checks: the field shows the sentence it returns, and
 * passes when it returns null.
 */
export function problemRule<Value>(problemOf: (value: Value) => string | null) {
  return {
    validator: (_rule: unknown, value: Value) => {
      const problem = problemOf(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/**
 * The rules of a text field that must be filled in (spaces alone do not count) and stay within `max`
 * characters: `missing` shows when it is empty; a longer one reads `${noun}最多 N 个字`, or `不超过 N 个字`
 * when the field needs no name beside it.
 */
export function filledWithin(max: number, missing: string, noun?: string) {
  return [
    { required: true, whitespace: true, message: missing },
    { max, message: noun ? `${noun}最多 ${max} 个字` : `不超过 ${max} 个字` },
  ];
}
