package dev.skills.test;

import java.util.ArrayList;
import java.util.List;

import org.springframework.ai.tool.annotation.Tool;

/**
 * A tool for the tests that records the cities it was asked about.
 */
class Weather {

	final List<String> cities = new ArrayList<>();

	@Tool(description = "The forecast for a city")
	String forecast(String city) {
		this.cities.add(city);
		return "Snow in " + city;
	}

}
