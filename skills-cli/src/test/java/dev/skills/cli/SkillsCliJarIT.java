package dev.skills.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the repackaged executable jar as a separate process, as a user would.
 */
class SkillsCliJarIT {

	private static final Path JAR = Path.of("target/skills.jar");

	private static final Path SKILLS = Path.of("src/test/resources/skills");

	@Test
	void validatingAValidSkillExitsZero() throws Exception {
		Result result = run("validate", SKILLS.resolve("pdf-processing").toString());
		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).isEqualTo("Valid skill: " + SKILLS.resolve("pdf-processing") + "\n");
	}

	@Test
	void validatingAFolderWithAnInvalidSkillExitsOneAndNamesTheErrors() throws Exception {
		Result result = run("validate", SKILLS.toString());
		assertThat(result.exitCode()).isEqualTo(1);
		assertThat(result.out()).contains("Validation failed for " + SKILLS.resolve("bad-skill") + ":")
			.contains("  - error: Skill name 'Bad_Skill' must be lowercase");
	}

	@Test
	void missingPathExitsTwoWithUsage() throws Exception {
		Result result = run("validate");
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err()).contains("Usage: skills validate");
	}

	@Test
	void catalogPrintsTheBlockAndKeepsLogsOffStderr() throws Exception {
		Result result = run("catalog", SKILLS.resolve("pdf-processing").toString());
		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).startsWith("<available_skills>\n<skill><name>pdf-processing</name>");
		assertThat(result.err()).isEmpty();
	}

	@Test
	void lockThenVerifyCatchesAnEdit(@TempDir Path temp) throws Exception {
		Path skill = Files.createDirectories(temp.resolve("skills/pdf-processing"));
		Files.copy(SKILLS.resolve("pdf-processing/SKILL.md"), skill.resolve("SKILL.md"));
		Path lock = temp.resolve("skills.lock");
		String location = temp.resolve("skills").toString();

		assertThat(run("lock", "--output", lock.toString(), location).exitCode()).isZero();
		assertThat(run("verify", "--lock", lock.toString(), location).exitCode()).isZero();
		Files.writeString(skill.resolve("SKILL.md"), "\nEdited.\n", StandardOpenOption.APPEND);

		Result drift = run("verify", "--lock", lock.toString(), location);
		assertThat(drift.exitCode()).isEqualTo(1);
		assertThat(drift.out()).isEqualTo("changed: pdf-processing (" + location + ")\n");
		assertThat(drift.err()).isEmpty();
	}

	@Test
	void versionNamesTheProjectVersion() throws Exception {
		Result result = run("--version");
		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).startsWith("skills 0.1.0");
	}

	private static Result run(String... args) throws IOException, InterruptedException {
		assertThat(JAR).as("the packaged CLI jar").exists();
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
		command.addAll(List.of(args));
		// Output goes to files: a full pipe would block the child.
		Path out = Files.createTempFile("skills-out", ".txt");
		Path err = Files.createTempFile("skills-err", ".txt");
		Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("skills " + String.join(" ", args) + " did not finish in 60 s");
		}
		try {
			return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
					Files.readString(err, StandardCharsets.UTF_8));
		}
		finally {
			Files.delete(out);
			Files.delete(err);
		}
	}

	private record Result(int exitCode, String out, String err) {
	}

}
