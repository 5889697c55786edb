package dev.skills.core.registry;

import dev.skills.core.SkillConfig;
import dev.skills.core.folder.SkillFolder.Fingerprint;
import dev.skills.core.internal.files.FileReads;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The body cache holds at most its size in characters, dropping the least recently used
 * first.
 */
class SkillReadsBodyCacheTests {

	static SkillReads.Body body(int length) {
		return new SkillReads.Body(new Fingerprint(1, length), "x".repeat(length));
	}

	static SkillReads cache(long maxChars) {
		return new SkillReads(new FileReads(), SkillConfig.builder().build(), maxChars);
	}

	@Test
	void leastRecentBodiesAreDroppedFirst() {
		SkillReads cache = cache(100);
		cache.cache("a", body(40));
		cache.cache("b", body(40));
		cache.cached("a");
		cache.cache("c", body(40));

		assertThat(cache.cached("a")).isNotNull();
		assertThat(cache.cached("b")).isNull();
		assertThat(cache.cached("c")).isNotNull();
		assertThat(cache.cachedChars()).isEqualTo(80);
	}

	@Test
	void oversizedBodyIsNotCached() {
		SkillReads cache = cache(100);
		cache.cache("a", body(10));
		cache.cache("a", body(101));

		assertThat(cache.cached("a")).isNull();
		assertThat(cache.cachedChars()).isZero();
	}

	@Test
	void replacingABodyCountsOnlyTheNewOne() {
		SkillReads cache = cache(100);
		cache.cache("a", body(60));
		cache.cache("a", body(70));

		assertThat(cache.cached("a").text()).hasSize(70);
		assertThat(cache.cachedChars()).isEqualTo(70);
	}

}
