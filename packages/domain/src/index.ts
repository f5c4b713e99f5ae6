// The public surface of @cloudbox/domain: every importer (server, console, simulator, e2e, bench)
// goes through this file. One folder per resource, named as the server's modules are; the
// cross-cutting files (languages, messages, validation rules, roles, constants, demo) sit at the top.
export * from './constants.js';
export * from './demo.js';
export * from './language.js';
export * from './messages.js';
export * from './relative-time.js';
export * from './roles.js';
export * from './validation.js';
export * from './validation-schemas.js';

export * from './http/envelope.js';
export * from './http/query.js';

export * from './auth/login.js';
export * from './users/user-info.js';
export * from './user-register/hierarchy.js';
export * from './user-register/sharing.js';
export * from './user-register/templates.js';
export * from './user-register/service-switch.js';
export * from './accounts/accounts.js';

export * from './boxes/box.js';
export * from './box-registry/registry.js';
export * from './companies/company.js';
export * from './box-properties/index.js';
export * from './devices/status.js';
export * from './devices/list.js';
export * from './devices/list-fields.js';
export * from './devices/run-state.js';
export * from './devices/state-schemas.js';
export * from './devices/detail.js';
export * from './devices/readings.js';
export * from './faults/records.js';
export * from './faults/labels.js';
export * from './commands/command.js';
export * from './oplog/operation-log.js';
export * from './box-delivery/index.js';

export * from './device-types/register.js';
export * from './device-types/conditions.js';
export * from './device-types/device-type.js';
export * from './device-types/codec.js';
export * from './device-types/basics.js';
export * from './device-types/catalog.js';
export * from './device-types/views.js';
export * from './event-rules/event-rules.js';
export * from './type-settings/index.js';
export * from './chart-settings/chart-settings.js';
export * from './notices/notices.js';
export * from './notices/kinds.js';
export * from './notices/inbox.js';
export * from './notices/export-columns.js';
export * from './notices/announcements.js';
export * from './notices/settings.js';
export * from './dynamic-passwords/modes.js';
export * from './server-log/kinds.js';
export * from './server-log/query.js';
export * from './dynamic-passwords/calculate.js';
export * from './dynamic-passwords/quota.js';
export * from './dynamic-passwords/records.js';
export * from './qr-labels/labels.js';
export * from './qr-labels/box-code.js';
export * from './sim-renewal/index.js';
export * from './redis-tool/redis-tool.js';
export * from './jobs/jobs.js';
export * from './plc-programs/programs.js';
export * from './plc-programs/protocol.js';
export * from './box-resets/resets.js';
export * from './inactive-boxes/scan.js';
export * from './load-test/load-test.js';
export * from './box-tap/box-tap.js';
export * from './batch-jobs/batch-jobs.js';

export * from './ingest/box-protocol.js';
export * from './realtime/events.js';
export * from './health/report.js';
export * from './config/public-config.js';
export * from './screens/route-table.js';
export * from './screens/visibility.js';
export * from './device-types/protocol.js';
export * from './device-types/admin.js';
