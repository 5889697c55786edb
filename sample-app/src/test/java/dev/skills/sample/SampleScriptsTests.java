package dev.skills.sample;

import java.nio.file.Path;

import dev.skills.scripts.testing.BubblewrapTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo with the {@code scripts} profile: the offline model runs release-notes' script
 * through {@code run_skill_script} in real bubblewrap and answers from its output.
 */
@BubblewrapTest
@ExtendWith(OutputCaptureExtension.class)
class SampleScriptsTests {

	private static final Path EXAMPLES = Path.of("../examples/skills");

	@Test
	void demoRunsTheReleaseNotesScript(CapturedOutput output) {
		try (ConfigurableApplicationContext context = SpringApplication.run(SampleApplication.class,
				"--spring.profiles.active=demo,scripts", "--skills.skills-dir=" + EXAMPLES)) {
			assertThat(context.isActive()).isTrue();
		}
		assertThat(output.getOut())
			.contains("tool> activate_skill(release-notes) -> ok\n"
					+ "  tool> run_skill_script(release-notes/scripts/group_changes.py) -> ok\n"
					+ "assistant> From the skill's script:\n**New**\n- Skills can run their scripts in a sandbox.\n"
					+ "**Fixed**\n- Hot reload sees renamed folders.\n(1 internal change left out)\n")
			// A skill with a document still reads it rather than run its script.
			.contains("tool> read_skill_resource(pdf-processing/references/FORMS.md) -> ok")
			.doesNotContain(EXAMPLES.toAbsolutePath().normalize().toString());
	}

}
