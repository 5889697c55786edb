package dev.skills.boot.health;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

class SkillsHealthIndicatorTests {

	@TempDir
	Path dir;

	private SkillsRegistry registry;

	@AfterEach
	void closeRegistry() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	private Health health(SkillConfig.Builder config) {
		this.registry = SkillsRegistry.create(config.build());
		return new SkillsHealthIndicator(this.registry).health();
	}

	@Test
	void whenSkillsLoadThenHealthIsUpWithCounts() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
		SkillFixtures.rawSkill(this.dir, "broken", "---\nname: broken\n---\nNo description.\n");
		Path missing = this.dir.resolve("missing");

		Health health = health(SkillConfig.builder().skillsDir(this.dir.toString(), missing.toString()));

		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("skills", 2)
			.containsEntry("errors", 1L)
			.containsEntry("warnings", 1L)
			.containsEntry("generation", this.registry.snapshot().generation())
			.containsEntry("lastReload", this.registry.snapshot().createdAt())
			.doesNotContainKey("unreadableLocations");
	}

	@Test
	void listsTheDirectoryLimitWarning() throws IOException {
		for (int i = 0; i < 5; i++) {
			Files.createDirectories(this.dir.resolve("folder-" + i));
		}
		SkillFixtures.skill(this.dir, "zz-skill", "Found only with a larger limit.", "Body.");

		Health health = health(SkillConfig.builder().skillsDir(this.dir.toString()).discoveryMaxDirectories(3));

		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("skills", 0)
			.containsEntry("locationWarnings", List.of("warning: " + this.dir.toAbsolutePath().normalize()
					+ ": Stopped searching for skills after 3 directories; point the location at a smaller folder "
					+ "or raise the limit (skills.discovery.max-directories)"));
	}

	@Test
	void stuckReadIsListedAndStaysUp() {
		Path pdf = SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		try (SkillsRegistry stuck = new SkillsRegistry(SkillConfig.builder().build()) {

			@Override
			public Map<String, Integer> stuckReads() {
				return Map.of(pdf.toString(), 1);
			}

		}) {
			stuck.discover(List.of(this.dir.toString()));

			Health health = new SkillsHealthIndicator(stuck).health();

			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("stuckReads", Map.of(pdf.toString(), 1));
		}
	}

	@Test
	void listsNoWarningWhenThereIsNone() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");

		Health health = health(SkillConfig.builder().skillsDir(this.dir.toString()));

		assertThat(health.getDetails()).doesNotContainKey("locationWarnings");
	}

	@Test
	void missingLocationIsStillUp() {
		Health health = health(SkillConfig.builder().skillsDir(this.dir.resolve("missing").toString()));
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("skills", 0).containsEntry("warnings", 1L);
	}

	@Test
	void fileLocationIsDownNamingIt() throws IOException {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		Path file = Files.writeString(this.dir.resolve("not-a-folder.txt"), "x");

		Health health = health(SkillConfig.builder().skillsDir(this.dir.toString(), file.toString()));

		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("unreadableLocations", List.of(file.toString()))
			.containsEntry("skills", 1);
	}

	@Test
	void fileUrlToAFileIsDown() throws IOException {
		Path file = Files.writeString(this.dir.resolve("not-a-folder.txt"), "x");
		Health health = health(SkillConfig.builder().skillsDir("file:" + file));
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
	}

	@Test
	void unreadableLocationIsDown() throws IOException {
		Path locked = Files.createDirectories(this.dir.resolve("locked"));
		Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
		try {
			// The super-user reads every folder whatever its permissions: nothing to
			// check then.
			assumeFalse(Files.isReadable(locked), "folder permissions are not enforced for this user");
			Health health = health(SkillConfig.builder().skillsDir(locked.toString()));
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails()).containsEntry("unreadableLocations", List.of(locked.toString()));
		}
		finally {
			Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
		}
	}

	@Test
	void runningWatcherIsUp() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		Health health = health(SkillConfig.builder().skillsDir(this.dir.toString()).hotReload(true));
		assertThat(health.getStatus()).isEqualTo(Status.UP);
	}

	@Test
	void stoppedWatcherIsDown() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.dir.toString()).hotReload(true).build());
		SkillsHealthIndicator indicator = new SkillsHealthIndicator(this.registry);
		this.registry.close();

		Health health = indicator.health();

		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsKey("watcher");
	}

	@Test
	void classpathLocationsOnlyAreUp() {
		Health health = health(SkillConfig.builder().skillsDir("classpath*:META-INF/skills/"));
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat((Integer) health.getDetails().get("skills")).isPositive();
	}

}
