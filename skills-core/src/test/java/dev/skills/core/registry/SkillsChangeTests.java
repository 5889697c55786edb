package dev.skills.core.registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two changes as one ({@link SkillsChange#then}): each name goes from where it was before
 * the first to where it is after the second.
 */
class SkillsChangeTests {

	@TempDir
	Path root;

	@Test
	void addedThenRemovedIsNothing() {
		SkillsChange merged = change(Set.of("a"), Set.of(), Set.of()).then(change(Set.of(), Set.of(), Set.of("a")));

		assertThat(merged.isEmpty()).isTrue();
	}

	@Test
	void removedThenAddedIsChanged() {
		SkillsChange merged = change(Set.of(), Set.of(), Set.of("a")).then(change(Set.of("a"), Set.of(), Set.of()));

		assertThat(merged.changed()).containsExactly("a");
		assertThat(merged.added()).isEmpty();
		assertThat(merged.removed()).isEmpty();
	}

	@Test
	void addedThenChangedIsAdded() {
		SkillsChange merged = change(Set.of("a"), Set.of(), Set.of()).then(change(Set.of(), Set.of("a"), Set.of()));

		assertThat(merged.added()).containsExactly("a");
		assertThat(merged.changed()).isEmpty();
	}

	@Test
	void changedThenRemovedIsRemoved() {
		SkillsChange merged = change(Set.of(), Set.of("a"), Set.of()).then(change(Set.of(), Set.of(), Set.of("a")));

		assertThat(merged.removed()).containsExactly("a");
		assertThat(merged.changed()).isEmpty();
	}

	@Test
	void untouchedNamesOfEitherAreKept() {
		SkillsChange merged = change(Set.of("a"), Set.of("b"), Set.of("c"))
			.then(change(Set.of("d"), Set.of("e"), Set.of("f")));

		assertThat(merged.added()).containsExactlyInAnyOrder("a", "d");
		assertThat(merged.changed()).containsExactlyInAnyOrder("b", "e");
		assertThat(merged.removed()).containsExactlyInAnyOrder("c", "f");
	}

	@Test
	void laterSnapshotAndFailuresWin() {
		SkillsSnapshot later = registry().snapshot();
		SkillsChange first = new SkillsChange(Set.of(), Set.of("a", "b"), Set.of(), registry().snapshot(),
				Set.of("a", "b"), Duration.ofMillis(2));
		SkillsChange second = new SkillsChange(Set.of(), Set.of("a"), Set.of(), later, Set.of("c"),
				Duration.ofMillis(3));

		SkillsChange merged = first.then(second);

		assertThat(merged.snapshot()).isSameAs(later);
		assertThat(merged.generation()).isEqualTo(later.generation());
		assertThat(merged.failed()).containsExactlyInAnyOrder("b", "c");
		assertThat(merged.duration()).isEqualTo(Duration.ofMillis(5));
	}

	private SkillsChange change(Set<String> added, Set<String> changed, Set<String> removed) {
		return new SkillsChange(added, changed, removed, registry().snapshot(), Set.of(), Duration.ZERO);
	}

	private SkillsRegistry registry() {
		return new SkillsRegistry(SkillConfig.builder().skillsDir(this.root.toString()).build());
	}

}
