package dev.skills.jdbc;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips each test of a {@link PostgresTest} class, visibly and with the reason, when no
 * PostgreSQL is configured. The class itself stays enabled only when its tests can run,
 * so that no {@code @BeforeAll} aborts silently; in CI the tests run and fail.
 */
final class PostgresCondition implements ExecutionCondition {

	@Override
	public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
		if (TestDatabases.postgresConfigured() || TestDatabases.inCi()) {
			return ConditionEvaluationResult.enabled(TestDatabases.URL_VARIABLE + " is set, or this is CI");
		}
		return ConditionEvaluationResult.disabled(TestDatabases.notConfiguredReason());
	}

}
