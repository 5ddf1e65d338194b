/**
 * BullMQ id of the job that makes attempt `attempt` of a delivery: `<deliveryId>-<attempt>`. Adding a job whose id
 * exists is a no-op, so an attempt is scheduled once however often it is asked for.
 */
export function webhookJobId(deliveryId: string, attempt: number): string {
  return `${deliveryId}-${attempt}`;
}
