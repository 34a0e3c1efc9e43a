// ESLint for the web client (clients/web): ES modules loaded as they are by the browser, no build
// step. .ci/run installs the pinned eslint into .ci/node; tests/test_quality.py runs it. The rules are
// named here rather than imported, so this file needs no package beside it.

const browser = Object.fromEntries([
  "window", "document", "console", "location", "history", "navigator", "localStorage", "sessionStorage",
  "fetch", "WebSocket", "URL", "URLSearchParams", "AbortController", "Headers", "Request", "Response",
  "Blob", "File", "FileReader", "FormData", "TextEncoder", "TextDecoder", "crypto", "performance",
  "setTimeout", "clearTimeout", "setInterval", "clearInterval", "requestAnimationFrame",
  "cancelAnimationFrame", "queueMicrotask", "structuredClone", "atob", "btoa", "alert", "confirm",
  "prompt", "getComputedStyle", "matchMedia", "innerWidth", "innerHeight", "scrollTo",
  "addEventListener", "removeEventListener", "Node", "Element", "HTMLElement", "SVGElement",
  "HTMLInputElement", "HTMLSelectElement", "Event", "CustomEvent", "KeyboardEvent", "MouseEvent",
  "PointerEvent", "DOMParser", "MutationObserver", "ResizeObserver", "IntersectionObserver",
  "DocumentFragment", "CSS",
].map((name) => [name, "readonly"]));

export default [
  {
    files: ["clients/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: browser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", {
        args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true,
      }],
      "eqeqeq": ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "no-redeclare": "error",
      "no-shadow-restricted-names": "error",
      "no-const-assign": "error",
      "no-import-assign": "error",
      "no-func-assign": "error",
      "no-dupe-keys": "error",
      "no-dupe-args": "error",
      "no-dupe-else-if": "error",
      "no-duplicate-case": "error",
      "no-duplicate-imports": "error",
      "no-fallthrough": "error",
      "no-unreachable": "error",
      "no-unsafe-finally": "error",
      "no-unsafe-negation": "error",
      "no-self-assign": "error",
      "no-self-compare": "error",
      "no-cond-assign": "error",
      "no-constant-condition": ["error", { checkLoops: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      "no-sparse-arrays": "error",
      "no-unused-expressions": "error",
      "no-useless-escape": "error",
      "no-loss-of-precision": "error",
      "use-isnan": "error",
      "valid-typeof": "error",
      "getter-return": "error",
    },
  },
];
