package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.skills.test.SkillFixtures.rawSkill;
import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Bodies are read when a skill is loaded, and cached by the file's modification time and
 * size.
 */
class SkillsRegistryLoadTests {

	@TempDir
	Path skills;

	private SkillsRegistry registry;

	private Path skillFile;

	@BeforeEach
	void setUp() {
		Path alpha = rawSkill(this.skills, "alpha", skillMd("alpha", "Does alpha things.", "# Alpha\n\nStep one."));
		write(alpha.resolve("scripts/run.py"), "print('hi')\n");
		skill(this.skills, "beta");
		this.skillFile = alpha.resolve("SKILL.md");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.skills.toString()).build());
	}

	@Test
	void loadGivesBodyMetaAndFiles() {
		Skill skill = this.registry.snapshot().load("alpha");

		assertThat(skill.instructions()).isEqualTo("# Alpha\n\nStep one.");
		assertThat(skill.meta()).isSameAs(this.registry.get("alpha").orElseThrow());
		assertThat(skill.files()).containsExactly("scripts/run.py");
	}

	@Test
	void changedFileLoadsNewBody() throws Exception {
		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep one.");
		FileTime before = Files.getLastModifiedTime(this.skillFile);

		write(this.skillFile, skillMd("alpha", "Does alpha things.", "# Alpha\n\nStep one.\nStep two."));
		Files.setLastModifiedTime(this.skillFile, FileTime.fromMillis(before.toMillis() + 2_000));

		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep one.\nStep two.");
	}

	@Test
	void newModificationTimeRereadsBody() throws Exception {
		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep one.");
		FileTime before = Files.getLastModifiedTime(this.skillFile);

		// Same size, new content, new time.
		write(this.skillFile, skillMd("alpha", "Does alpha things.", "# Alpha\n\nStep ONE."));
		Files.setLastModifiedTime(this.skillFile, FileTime.fromMillis(before.toMillis() + 2_000));

		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep ONE.");
	}

	@Test
	void sameTimeAndSizeServesCachedBody() throws Exception {
		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep one.");
		FileTime before = Files.getLastModifiedTime(this.skillFile);

		write(this.skillFile, skillMd("alpha", "Does alpha things.", "# Alpha\n\nStep ONE."));
		Files.setLastModifiedTime(this.skillFile, before);

		// Proves the body is cached (by time and size), not read on every load.
		assertThat(this.registry.snapshot().load("alpha").instructions()).isEqualTo("# Alpha\n\nStep one.");
	}

	@Test
	void noConfigurationMeansDefaults() {
		try (SkillsRegistry defaults = new SkillsRegistry()) {
			defaults.discover(List.of(this.skillFile.getParent().getParent().toString()));

			assertThat(defaults.config()).isEqualTo(SkillConfig.builder().build());
			assertThat(defaults.names()).contains("alpha");
		}
	}

	@Test
	void unknownNameListsValidNames() {
		assertThatExceptionOfType(SkillNotFoundException.class).isThrownBy(() -> this.registry.snapshot().load("gamma"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.UNKNOWN_SKILL))
			.withMessage("Unknown skill 'gamma'. Available skills: alpha, beta.");
	}

	@Test
	void unknownNameWithNoSkillsSaysSo() {
		SkillsRegistry empty = new SkillsRegistry(SkillConfig.builder().build());

		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> empty.snapshot().load("alpha"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.UNKNOWN_SKILL))
			.withMessage("Unknown skill 'alpha'. There are no skills.");
	}

}
