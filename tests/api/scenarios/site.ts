import { anyone, type Scenario } from "#tests/api/scenarios/scenario.ts";

export const siteScenarios: Scenario[] = [
  ...anyone({ operationId: "getSettings", status: 200, includes: () => ['"id":"site_settings"', '"banner_size":'] }),
  ...anyone({
    operationId: "sendSupportMessage",
    status: 201,
    body: (_world, row) => ({ name: "Ada Learner", email: "ada@example.com", message: `A question about lessons, number ${row}.` }),
    includes: () => ["Message sent successfully!"],
  }),
];
