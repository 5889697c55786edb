package dev.skills.core.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A {@link SnapshotMap} behaves as a map that every edit copies, whether the edit is one
 * key or thousands, and however many edits came before (past the overlay's bound too).
 */
class SnapshotMapTests {

	private static Map<String, Integer> contents(SnapshotMap<String, Integer> map) {
		Map<String, Integer> contents = new HashMap<>();
		map.forEach(contents::put);
		assertThat(map.size()).isEqualTo(contents.size());
		assertThat(map.keys()).containsExactlyInAnyOrderElementsOf(contents.keySet());
		assertThat(map.values()).containsExactlyInAnyOrderElementsOf(contents.values());
		contents.forEach((key, value) -> assertThat(map.get(key)).isEqualTo(value));
		return contents;
	}

	@Test
	void whenAnEditIsBuiltThenTheMapItStartedFromIsUnchanged() {
		SnapshotMap.Builder<String, Integer> first = SnapshotMap.<String, Integer>empty().edit();
		first.put("a", 1);
		first.put("b", 2);
		SnapshotMap<String, Integer> before = first.build();

		SnapshotMap.Builder<String, Integer> second = before.edit();
		second.put("a", 10);
		second.remove("b");
		second.put("c", 3);
		SnapshotMap<String, Integer> after = second.build();

		assertThat(contents(before)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 2));
		assertThat(contents(after)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 10, "c", 3));
		assertThat(after.containsKey("b")).isFalse();
	}

	@Test
	void whenAKeyIsPutAndRemovedInOneEditThenItIsAbsentAndNotCounted() {
		SnapshotMap.Builder<String, Integer> edit = SnapshotMap.<String, Integer>empty().edit();
		edit.put("a", 1);
		edit.put("a", 2);
		edit.remove("a");
		edit.remove("never-there");
		edit.put("b", 1);

		assertThat(contents(edit.build())).containsExactlyInAnyOrderEntriesOf(Map.of("b", 1));
	}

	@Test
	void whenAFirstEditIsBuiltThenItsBuilderTakesNoMoreChanges() {
		SnapshotMap.Builder<String, Integer> edit = SnapshotMap.<String, Integer>empty().edit();
		edit.put("a", 1);
		SnapshotMap<String, Integer> map = edit.build();

		assertThatIllegalStateException().isThrownBy(() -> edit.put("b", 2));
		assertThatIllegalStateException().isThrownBy(() -> edit.remove("a"));
		assertThat(contents(map)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1));
	}

	@Test
	void whenAnEditChangesNothingThenTheSameMapIsKept() {
		SnapshotMap.Builder<String, Integer> edit = SnapshotMap.<String, Integer>empty().edit();
		edit.put("a", 1);
		SnapshotMap<String, Integer> map = edit.build();

		assertThat(map.edit().build()).isSameAs(map);
	}

	@Test
	void whenManyEditsOfEverySizeFollowEachOtherThenEveryVersionHoldsWhatAPlainMapWould() {
		Random random = new Random(42);
		SnapshotMap<String, Integer> map = SnapshotMap.empty();
		Map<String, Integer> model = new HashMap<>();
		List<SnapshotMap<String, Integer>> versions = new ArrayList<>();
		List<Map<String, Integer>> models = new ArrayList<>();
		for (int round = 0; round < 400; round++) {
			// Mostly single edits, now and then a large one (a rescan).
			int changes = (round % 50 == 0) ? 2_000 : 1 + random.nextInt(3);
			SnapshotMap.Builder<String, Integer> edit = map.edit();
			for (int i = 0; i < changes; i++) {
				String key = "k" + random.nextInt(3_000);
				if (random.nextInt(4) == 0) {
					edit.remove(key);
					model.remove(key);
				}
				else {
					edit.put(key, round);
					model.put(key, round);
				}
			}
			map = edit.build();
			versions.add(map);
			models.add(new HashMap<>(model));
		}

		for (int i = 0; i < versions.size(); i++) {
			assertThat(contents(versions.get(i))).as("version %d", i).isEqualTo(models.get(i));
		}
	}

}
