import { anyone, type Scenario } from "#tests/api/scenarios/scenario.ts";

export const catalogScenarios: Scenario[] = [
  ...anyone({ operationId: "listLanguages", status: 200, includes: () => ['"id":"spanish"', '"levelCount":'] }),
];
