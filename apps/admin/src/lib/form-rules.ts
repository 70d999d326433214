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
