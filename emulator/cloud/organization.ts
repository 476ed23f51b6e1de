import type { EmulatorState } from '../state';
import { ORG, route, type CloudRouter } from './context';
import { requireOrganization } from './lookup';

function organizationRecord(state: EmulatorState) {
  return { ...state.organization, privateEndpoints: [...state.privateEndpoints.values()].map((e) => ({ ...e })) };
}

export function registerOrganizationRoutes(router: CloudRouter): void {
  router.get(
    '/v1/organizations',
    route('developer', (ctx) => [organizationRecord(ctx.state)]),
  );
  router.get(
    ORG,
    route('developer', (ctx) => {
      requireOrganization(ctx);
      return organizationRecord(ctx.state);
    }),
  );
}
