package dev.skills.boot.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.lock.SkillsLock;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.boot.autoconfigure.StartupFailures.analyze;
import static dev.skills.boot.autoconfigure.StartupFailures.invalidValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code skills.lock.*}: the registry checks folder skills against the lock file.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsLockPropertiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class));

	@TempDir
	Path dir;

	// Skills alpha and beta, and a lock file that pins alpha only.
	private Path lockOfAlpha() throws IOException {
		Path alpha = SkillFixtures.skill(this.dir.resolve("skills"), "alpha");
		SkillFixtures.skill(this.dir.resolve("skills"), "beta");
		SkillsLock lock = SkillsLock
			.of(List.of(new SkillsLock.Entry("alpha", SkillsLock.digest(alpha, List.of("SKILL.md")), "skills")));
		return Files.writeString(this.dir.resolve("skills.lock"), lock.write());
	}

	private String skillsDir() {
		return "skills.skills-dir=" + this.dir.resolve("skills");
	}

	@Test
	void lockFileVerifiesByDefault(CapturedOutput output) throws IOException {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.lock.file=" + lockOfAlpha()).run((context) -> {
			assertThat(context.getBean(SkillsProperties.class).getLock().getMode()).isEqualTo(SkillsLock.Mode.VERIFY);
			assertThat(context.getBean(SkillsRegistry.class).names()).containsExactly("alpha");
		});
		assertThat(output).contains("Skill 'beta' is not in the lock: not served");
	}

	@Test
	void warnModeServesEverything(CapturedOutput output) throws IOException {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.lock.file=" + lockOfAlpha(), "skills.lock.mode=warn")
			.run((context) -> assertThat(context.getBean(SkillsRegistry.class).names()).containsExactly("alpha",
					"beta"));
		assertThat(output).contains("Skill 'beta' is not in the lock; served, as the lock mode is warn");
	}

	@Test
	void withoutALockEverythingIsServed() throws IOException {
		lockOfAlpha();
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context.getBean(SkillsRegistry.class).names()).containsExactly("alpha", "beta");
			assertThat(context.getBean(SkillsRegistry.class).config().lock()).isNull();
		});
	}

	@Test
	void missingLockFileStopsStartUp() {
		Path missing = this.dir.resolve("missing.lock");
		this.contextRunner.withPropertyValues(skillsDir(), "skills.lock.file=" + missing)
			.run((context) -> assertThat(analyze(context).getDescription()).isEqualTo(invalidValue("skills.lock.file",
					missing.toString(), "It cannot be read (NoSuchFileException). Set it to a file written by "
							+ "'skills lock LOCATION...', or remove it.")));
	}

	@Test
	void malformedLockFileStopsStartUp() throws IOException {
		Path lock = Files.writeString(this.dir.resolve("skills.lock"), "# pinned\nalpha 1234 skills\n");
		this.contextRunner.withPropertyValues(skillsDir(), "skills.lock.file=" + lock)
			.run((context) -> assertThat(analyze(context).getDescription())
				.contains("It is not a lock file: line 2 is not '<name> sha256:<digest> <location>'"));
	}

}
