-- The identity verification area has one name from route to table: kyc (routes /kyc/..., the
-- server's features/kyc, the app's features/kyc, providers/kyc). Its two tables take that name.
-- The players' own column users.identity_state keeps its name: it is a field of the user
-- answer (the spec's identity state), not the area.
ALTER TABLE identity_checks RENAME TO kyc_checks;
ALTER INDEX identity_checks_user_idx RENAME TO kyc_checks_user_idx;
ALTER TABLE identity_state_changes RENAME TO kyc_state_changes;
ALTER INDEX identity_state_changes_user_idx RENAME TO kyc_state_changes_user_idx;
