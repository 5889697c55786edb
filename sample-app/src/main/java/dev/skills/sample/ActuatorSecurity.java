package dev.skills.sample;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The actuator endpoints behind HTTP Basic, as docs/operations.md says applications
 * should: {@code POST /actuator/skills} rescans every folder and
 * {@code /actuator/activeskills} lists conversation ids. Health stays open; so does the
 * chat API, which has no users in this sample. The user is {@code actuator}, its password
 * {@code SAMPLE_ACTUATOR_PASSWORD} (or the one Spring Boot generates and logs). The demo,
 * which serves no HTTP, needs none of it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class ActuatorSecurity {

	@Bean
	@Order(1)
	SecurityFilterChain actuator(HttpSecurity http) throws Exception {
		return http.securityMatcher("/actuator/**")
			.authorizeHttpRequests((requests) -> requests.requestMatchers(HttpMethod.GET, "/actuator/health/**")
				.permitAll()
				.anyRequest()
				.hasRole("ACTUATOR"))
			.httpBasic(Customizer.withDefaults())
			// Basic authentication, no session or cookie: no CSRF token either.
			.csrf(AbstractHttpConfigurer::disable)
			.build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain application(HttpSecurity http) throws Exception {
		return http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
			.csrf(AbstractHttpConfigurer::disable)
			.build();
	}

}
