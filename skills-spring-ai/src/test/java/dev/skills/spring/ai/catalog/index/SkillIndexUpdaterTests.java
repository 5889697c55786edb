package dev.skills.spring.ai.catalog.index;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.CatalogSkills;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The one listener that feeds the indexes: seeds them on the caller's thread, then feeds
 * every skill and every change, with the snapshot that holds it, on the registry's
 * listener thread.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillIndexUpdaterTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	@Test
	void seedsHereThenFeedsOffThread() {
		CatalogSkills.skill(this.root, "alpha", "Does alpha things.");
		CatalogSkills.skill(this.root, "beta", "Does beta things.");
		RecordingIndex index = new RecordingIndex();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				SkillIndexUpdater updater = SkillIndexUpdater.start(registry, index)) {
			assertThat(index.seeded).containsExactly(registry.snapshot());
			assertThat(updater.awaitCurrent(WAIT)).isTrue();
			assertThat(index.updates).singleElement().satisfies((update) -> {
				assertThat(update.snapshot()).isSameAs(registry.snapshot());
				assertThat(update.names()).containsExactlyInAnyOrder("alpha", "beta");
				assertThat(update.thread()).startsWith("skills-listener-")
					.isNotEqualTo(Thread.currentThread().getName());
			});

			CatalogSkills.skill(this.root, "gamma", "Does gamma things.");
			SkillsSnapshot reloaded = registry.reload().snapshot();

			await().atMost(WAIT).until(() -> index.updates.size() == 2);
			assertThat(index.updates.get(1).snapshot()).isSameAs(reloaded);
			assertThat(index.updates.get(1).names()).containsExactly("gamma");
		}
	}

	@Test
	void failingIndexLeavesOthersFed(CapturedOutput output) {
		CatalogSkills.skill(this.root, "alpha", "Does alpha things.");
		RecordingIndex failing = new RecordingIndex();
		failing.fails = true;
		RecordingIndex working = new RecordingIndex();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				SkillIndexUpdater updater = SkillIndexUpdater.start(registry, failing, working)) {
			assertThat(updater.awaitCurrent(WAIT)).isTrue();

			assertThat(working.updates).hasSize(1);
			assertThat(output).contains("The skills index RecordingIndex could not take the change to generation")
				.contains("index broke");
		}
	}

	record Update(SkillsSnapshot snapshot, Set<String> names, String thread) {
	}

	static final class RecordingIndex implements SkillIndex {

		final List<SkillsSnapshot> seeded = new CopyOnWriteArrayList<>();

		final List<Update> updates = new CopyOnWriteArrayList<>();

		volatile boolean fails;

		@Override
		public void seed(SkillsSnapshot snapshot) {
			this.seeded.add(snapshot);
		}

		@Override
		public void update(SkillsSnapshot snapshot, Set<String> names) {
			if (this.fails) {
				throw new IllegalStateException("index broke");
			}
			this.updates.add(new Update(snapshot, Set.copyOf(names), Thread.currentThread().getName()));
		}

		@Override
		public List<String> retrieve(String text, int limit) {
			return List.of();
		}

	}

}
