package dev.skills.boot.jdbc;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a missing active skills table: which table, the script that creates it and the
 * property that has it created at start-up.
 */
class ActiveSkillsTableFailureAnalyzer extends AbstractFailureAnalyzer<ActiveSkillsTableMissingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ActiveSkillsTableMissingException cause) {
		return new FailureAnalysis(cause.getMessage() + ".", "Create the table with the script " + cause.getScript()
				+ " from the skills-jdbc jar (copy it into "
				+ "a Flyway or Liquibase migration, renaming skills_active to " + cause.getTableName()
				+ " if needed), or set skills.active-skills.jdbc.initialize-schema=always to have it created at "
				+ "start-up.", cause);
	}

}
