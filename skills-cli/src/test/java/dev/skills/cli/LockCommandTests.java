package dev.skills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static dev.skills.test.SkillFixtures.file;
import static dev.skills.test.SkillFixtures.skill;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code skills lock} and {@code skills verify} on real folders.
 */
class LockCommandTests {

	@TempDir
	Path temp;

	private Path skills;

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	@BeforeEach
	void skills() {
		this.skills = this.temp.resolve("skills");
		Path pdf = skill(this.skills, "pdf", "Read PDF files.", "Use the forms guide.");
		file(pdf, "references/FORMS.md", "Fill every field.");
		skill(this.skills, "docx", "Write Word files.", "Steps.");
	}

	private int run(String... args) {
		this.out.getBuffer().setLength(0);
		CommandLine commandLine = SkillsCli.commandLine();
		commandLine.setOut(new PrintWriter(this.out));
		commandLine.setErr(new PrintWriter(this.err));
		return commandLine.execute(args);
	}

	@Test
	void lockNamesEverySkillSorted() {
		assertThat(run("lock", this.skills.toString())).isZero();

		assertThat(this.out.toString().lines().filter((line) -> !line.startsWith("#"))).satisfiesExactly(
				(line) -> assertThat(line).matches("docx sha256:[0-9a-f]{64} " + this.skills),
				(line) -> assertThat(line).matches("pdf sha256:[0-9a-f]{64} " + this.skills));
	}

	@Test
	void lockIsStable() {
		run("lock", this.skills.toString());
		String first = this.out.toString();
		run("lock", this.skills.toString());
		assertThat(this.out.toString()).isEqualTo(first);
	}

	@Test
	void verifyPassesOnUnchangedSkills() {
		Path lock = this.temp.resolve("skills.lock");
		assertThat(run("lock", "--output", lock.toString(), this.skills.toString())).isZero();

		assertThat(run("verify", "--lock", lock.toString(), this.skills.toString())).isZero();
		assertThat(this.out.toString()).isEqualTo("All 2 skills match " + lock + System.lineSeparator());
	}

	@Test
	void verifyNamesEveryDrift() throws IOException {
		Path lock = this.temp.resolve("skills.lock");
		run("lock", "--output", lock.toString(), this.skills.toString());
		// A bundled file counts as much as the instructions.
		file(this.skills.resolve("pdf"), "references/FORMS.md", "Fill no field.");
		skill(this.skills, "xlsx", "Edit spreadsheets.", "Steps.");
		Files.delete(this.skills.resolve("docx/SKILL.md"));

		assertThat(run("verify", "--lock", lock.toString(), this.skills.toString())).isEqualTo(1);
		assertThat(this.out.toString().lines()).containsExactly("removed: docx", "changed: pdf (" + this.skills + ")",
				"added: xlsx (" + this.skills + ")");
	}

	@Test
	void verifyRefusesAMalformedLock() throws IOException {
		Path lock = Files.writeString(this.temp.resolve("skills.lock"), "# a comment\npdf 1234 skills\n");

		assertThat(run("verify", "--lock", lock.toString(), this.skills.toString())).isEqualTo(2);
		assertThat(this.err.toString()).contains("line 2 is not '<name> sha256:<digest> <location>'");
	}

}
