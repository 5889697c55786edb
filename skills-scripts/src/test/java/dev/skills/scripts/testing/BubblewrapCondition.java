package dev.skills.scripts.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Enables a {@link BubblewrapTest} when {@code bwrap} is on the {@code PATH}, or in CI,
 * where the tests then fail on the missing sandbox instead of passing without it.
 */
final class BubblewrapCondition implements ExecutionCondition {

	static final String REASON = "bwrap is not on the PATH: install bubblewrap (apt-get install bubblewrap) "
			+ "or run .ci/run to run the sandbox tests";

	@Override
	public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
		if (installed() || "true".equalsIgnoreCase(System.getenv("CI"))) {
			return ConditionEvaluationResult.enabled("bwrap is installed, or this is CI");
		}
		return ConditionEvaluationResult.disabled(REASON);
	}

	private static boolean installed() {
		String path = System.getenv("PATH");
		if (path == null) {
			return false;
		}
		for (String folder : path.split(File.pathSeparator)) {
			if (Files.isExecutable(Path.of(folder.isEmpty() ? "." : folder, "bwrap"))) {
				return true;
			}
		}
		return false;
	}

}
