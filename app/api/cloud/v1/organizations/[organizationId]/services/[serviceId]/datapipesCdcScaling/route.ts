import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { cdcScalingSchema } from '@/lib/schemas/scaling';
import { defineRoute } from '@/lib/server/define-route';
import { serviceParams as params } from '@/lib/server/route-params';
import { cloudApi } from '@/lib/server/upstream/typed';

const CDC_SCALING = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipesCdcScaling';
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p }) => cloudApi.proxy('get', CDC_SCALING, { params: p }),
});
export const PATCH = defineRoute({
  role: REQUIRED_ROLE.manageScaling,
  params,
  body: cdcScalingSchema,
  handler: ({ params: p, body }) => cloudApi.proxy('patch', CDC_SCALING, { params: p, body }),
});
