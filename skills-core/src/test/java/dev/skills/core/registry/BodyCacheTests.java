package dev.skills.core.registry;

import dev.skills.core.source.SkillSource.Fingerprint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The body cache holds at most its size in characters, dropping the least recently used
 * first.
 */
class BodyCacheTests {

	static BodyCache.Body body(int length) {
		return new BodyCache.Body(new Fingerprint(1, length), "x".repeat(length));
	}

	@Test
	void theLeastRecentlyUsedBodiesAreDroppedWhenTheSizeIsExceeded() {
		BodyCache cache = new BodyCache(100);
		cache.put("a", body(40));
		cache.put("b", body(40));
		cache.get("a");
		cache.put("c", body(40));

		assertThat(cache.get("a")).isNotNull();
		assertThat(cache.get("b")).isNull();
		assertThat(cache.get("c")).isNotNull();
		assertThat(cache.chars()).isEqualTo(80);
	}

	@Test
	void aBodyLargerThanTheWholeCacheIsNotKeptAndDropsItsOlderVersion() {
		BodyCache cache = new BodyCache(100);
		cache.put("a", body(10));
		cache.put("a", body(101));

		assertThat(cache.get("a")).isNull();
		assertThat(cache.chars()).isZero();
	}

	@Test
	void replacingABodyCountsOnlyTheNewOne() {
		BodyCache cache = new BodyCache(100);
		cache.put("a", body(60));
		cache.put("a", body(70));

		assertThat(cache.get("a").text()).hasSize(70);
		assertThat(cache.chars()).isEqualTo(70);
	}

}
