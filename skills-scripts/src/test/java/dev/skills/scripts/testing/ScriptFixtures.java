package dev.skills.scripts.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.scripts.sandbox.ScriptResult;

/**
 * What the sandbox tests share: skill folders with scripts, the host paths no result may
 * name, and the processes no run may leave behind.
 */
public final class ScriptFixtures {

	/** The variable the test JVM gets from the build, which no script may see. */
	public static final String SECRET_VARIABLE = "SKILLS_SCRIPTS_TEST_SECRET";

	private ScriptFixtures() {
	}

	/**
	 * The secret the test JVM's environment holds.
	 * @return its value
	 */
	public static String secret() {
		String secret = System.getenv(SECRET_VARIABLE);
		if (secret == null || secret.isBlank()) {
			throw new IllegalStateException(
					SECRET_VARIABLE + " is not set: the build's surefire configuration sets it");
		}
		return secret;
	}

	/**
	 * Write a file of a skill folder, making its parent folders.
	 * @param skill the skill folder
	 * @param path the file's path relative to it
	 * @param text the content
	 * @return the file
	 */
	public static Path write(Path skill, String path, String text) {
		try {
			Path file = skill.resolve(path);
			Files.createDirectories(file.getParent());
			return Files.writeString(file, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Everything a result shows the model.
	 * @param result the result
	 * @return its output, both streams
	 */
	public static String text(ScriptResult result) {
		return result.stdout() + "\n" + result.stderr();
	}

	/**
	 * Host paths that must never appear in a result: the given folders, the test's
	 * working directory, and the names of the sandbox's own folders.
	 * @param folders folders of the test
	 * @return the paths, as text
	 */
	public static List<String> hostPaths(Path... folders) {
		List<String> paths = new ArrayList<>();
		for (Path folder : folders) {
			paths.add(folder.toAbsolutePath().toString());
		}
		paths.add(Path.of("").toAbsolutePath().toString());
		paths.add("skills-scripts-");
		return paths;
	}

	/**
	 * The processes on this machine whose command line holds a marker.
	 * @param marker the marker, for example an unusual argument of {@code sleep}
	 * @return their ids
	 */
	public static List<Long> processesWith(String marker) {
		return ProcessHandle.allProcesses()
			.filter((process) -> process.info().commandLine().map((line) -> line.contains(marker)).orElse(false))
			.map(ProcessHandle::pid)
			.toList();
	}

}
