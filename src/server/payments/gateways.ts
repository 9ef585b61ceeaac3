import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

const sandbox = createSandboxGateway();

/**
 * The gateway that issued a reference, for work that runs without a request (the scheduler asking the
 * bank again). Only the sandbox exists today; a real provider adds its prefix here.
 */
export function gatewayFor(_reference: string): PaymentGateway {
  return sandbox;
}
